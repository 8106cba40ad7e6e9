/**
 * The bar's list (Santiago, Chile), the one source of the menu. Prices in whole
 * Chilean pesos (CLP). Dependency-free: the app imports it (src/catalogue/), the
 * functions import it from here, and the database's `products` table is filled
 * by migrations generated from it (`npm run menu:migration`; npm test fails when
 * they disagree). A price change is a new (name, price) row there, never an edit.
 */

/** Categories of the bar's list, in menu order. */
export const CATEGORIES = [
  'Cervezas',
  'Cócteles',
  'Pisco',
  'Ron',
  'Tequila',
  'Whisky',
  'Gin',
  'Bourbon',
  'Vodka',
  'Licores',
  'Vinos',
  'Café y té',
  'Bebidas',
  'Jugos y limonadas',
  'Entradas',
  'Pizzas',
  'Hamburguesas',
  'Sándwiches',
  'Fondos',
  'Ensaladas',
  'Postres',
  'Extras',
] as const;
export type Category = (typeof CATEGORIES)[number];

export interface Product {
  readonly name: string;
  /** Whole Chilean pesos. */
  readonly price: number;
  readonly category: Category;
}

export const PRODUCTS: readonly Product[] = [
  // Cervezas
  { name: 'Guinness 300cc', price: 3990, category: 'Cervezas' },
  { name: 'Guinness 500cc', price: 5990, category: 'Cervezas' },
  { name: 'Kilkenny 300cc', price: 3890, category: 'Cervezas' },
  { name: 'Kilkenny 500cc', price: 5790, category: 'Cervezas' },
  { name: 'Summer Ale 300cc', price: 2990, category: 'Cervezas' },
  { name: 'Summer Ale 500cc', price: 4400, category: 'Cervezas' },
  { name: 'Kunstmann Torobayo 300cc', price: 3290, category: 'Cervezas' },
  { name: 'Kunstmann Torobayo 500cc', price: 4890, category: 'Cervezas' },
  { name: 'Kunstmann Lager 300cc', price: 2990, category: 'Cervezas' },
  { name: 'Kunstmann Lager 500cc', price: 4490, category: 'Cervezas' },
  { name: 'Austral Calafate 300cc', price: 3390, category: 'Cervezas' },
  { name: 'Austral Calafate 500cc', price: 4990, category: 'Cervezas' },
  { name: 'Austral Lager 300cc', price: 2890, category: 'Cervezas' },
  { name: 'Austral Lager 500cc', price: 4290, category: 'Cervezas' },
  { name: 'Cuello Negro Stout 300cc', price: 3490, category: 'Cervezas' },
  { name: 'Cuello Negro Stout 500cc', price: 5190, category: 'Cervezas' },
  { name: 'Szot IPA 300cc', price: 3590, category: 'Cervezas' },
  { name: 'Szot IPA 500cc', price: 5290, category: 'Cervezas' },
  { name: 'Kross 5 300cc', price: 3690, category: 'Cervezas' },
  { name: 'Kross 5 500cc', price: 5490, category: 'Cervezas' },
  { name: 'Escudo 300cc', price: 2690, category: 'Cervezas' },
  { name: 'Escudo 500cc', price: 4190, category: 'Cervezas' },
  { name: 'Heineken 300cc', price: 2890, category: 'Cervezas' },
  { name: 'Heineken 500cc', price: 4290, category: 'Cervezas' },

  // Cócteles
  { name: 'Aperol Spritz', price: 6500, category: 'Cócteles' },
  { name: 'Pisco Sour', price: 5990, category: 'Cócteles' },
  { name: 'Pisco Sour Catedral', price: 7990, category: 'Cócteles' },
  { name: 'Terremoto', price: 5990, category: 'Cócteles' },
  { name: 'Mojito', price: 6490, category: 'Cócteles' },
  { name: 'Caipiriña', price: 6290, category: 'Cócteles' },
  { name: 'Piña colada', price: 6990, category: 'Cócteles' },
  { name: 'Margarita', price: 6990, category: 'Cócteles' },
  { name: 'Daiquiri de frutilla', price: 6490, category: 'Cócteles' },
  { name: 'Cuba libre', price: 5990, category: 'Cócteles' },
  { name: 'Negroni', price: 7490, category: 'Cócteles' },
  { name: 'Old Fashioned', price: 7990, category: 'Cócteles' },
  { name: 'Irish Coffee', price: 6490, category: 'Cócteles' },
  { name: 'Whiskey Sour', price: 6990, category: 'Cócteles' },
  { name: 'Moscow Mule', price: 6990, category: 'Cócteles' },
  { name: 'Espresso Martini', price: 7990, category: 'Cócteles' },
  { name: 'Long Island Iced Tea', price: 8990, category: 'Cócteles' },

  // Pisco
  { name: 'Pisco Mistral 35°', price: 5490, category: 'Pisco' },
  { name: 'Pisco Mistral Gran Nobel 40°', price: 8990, category: 'Pisco' },
  { name: 'Pisco Alto del Carmen 35°', price: 5490, category: 'Pisco' },
  { name: 'Pisco Control C 40°', price: 6490, category: 'Pisco' },
  { name: 'Pisco Espíritu de Elqui 40°', price: 6290, category: 'Pisco' },
  { name: 'Pisco Waqar 40°', price: 8490, category: 'Pisco' },
  { name: 'Piscola Alto del Carmen 35°', price: 5990, category: 'Pisco' },
  { name: 'Piscola Mistral 35°', price: 5990, category: 'Pisco' },
  { name: 'Piscola Control 35°', price: 5790, category: 'Pisco' },

  // Ron
  { name: 'Ron Bacardí Carta Blanca', price: 4990, category: 'Ron' },
  { name: 'Ron Havana Club Añejo Especial', price: 5490, category: 'Ron' },
  { name: 'Ron Havana Club 7 Años', price: 6990, category: 'Ron' },
  { name: 'Ron Captain Morgan Spiced', price: 5490, category: 'Ron' },
  { name: 'Ron Flor de Caña 12 Años', price: 8490, category: 'Ron' },
  { name: 'Ron Diplomático Reserva Exclusiva', price: 10490, category: 'Ron' },
  { name: 'Ron Zacapa 23', price: 11990, category: 'Ron' },

  // Tequila
  { name: 'Tequila Olmeca Blanco', price: 4790, category: 'Tequila' },
  { name: 'Tequila José Cuervo Especial', price: 4990, category: 'Tequila' },
  { name: 'Tequila 1800 Reposado', price: 7990, category: 'Tequila' },
  { name: 'Tequila Don Julio Blanco', price: 9990, category: 'Tequila' },
  { name: 'Tequila Patrón Silver', price: 10990, category: 'Tequila' },
  { name: 'Tequila Don Julio Reposado', price: 11490, category: 'Tequila' },

  // Whisky
  { name: 'Jameson', price: 6490, category: 'Whisky' },
  { name: 'Jameson Black Barrel', price: 8490, category: 'Whisky' },
  { name: 'Tullamore D.E.W.', price: 6490, category: 'Whisky' },
  { name: 'Tullamore D.E.W. 12 Años', price: 9490, category: 'Whisky' },
  { name: 'Bushmills Original', price: 6290, category: 'Whisky' },
  { name: 'Bushmills Black Bush', price: 7990, category: 'Whisky' },
  { name: 'Redbreast 12 Años', price: 11990, category: 'Whisky' },
  { name: 'Johnnie Walker Red Label', price: 5490, category: 'Whisky' },
  { name: 'Johnnie Walker Black Label', price: 7990, category: 'Whisky' },
  { name: 'Johnnie Walker Double Black', price: 9490, category: 'Whisky' },
  { name: 'Chivas Regal 12 Años', price: 7990, category: 'Whisky' },
  { name: 'Glenfiddich 12 Años', price: 9490, category: 'Whisky' },

  // Gin
  { name: 'Gin Beefeater', price: 5490, category: 'Gin' },
  { name: 'Gin Tanqueray', price: 6290, category: 'Gin' },
  { name: 'Gin Bombay Sapphire', price: 6490, category: 'Gin' },
  { name: "Gin Hendrick's", price: 8990, category: 'Gin' },
  { name: 'Gin Monkey 47', price: 11990, category: 'Gin' },
  { name: 'Gin tonic Beefeater', price: 6990, category: 'Gin' },
  { name: "Gin tonic Hendrick's", price: 9490, category: 'Gin' },

  // Bourbon
  { name: 'Jim Beam White', price: 5490, category: 'Bourbon' },
  { name: "Jack Daniel's Old No. 7", price: 6490, category: 'Bourbon' },
  { name: "Maker's Mark", price: 7990, category: 'Bourbon' },
  { name: 'Buffalo Trace', price: 8490, category: 'Bourbon' },
  { name: 'Woodford Reserve', price: 9490, category: 'Bourbon' },

  // Vodka
  { name: 'Vodka Smirnoff', price: 4590, category: 'Vodka' },
  { name: 'Vodka Stolichnaya', price: 4990, category: 'Vodka' },
  { name: 'Vodka Absolut', price: 5290, category: 'Vodka' },
  { name: 'Vodka Grey Goose', price: 8990, category: 'Vodka' },
  { name: 'Vodka Belvedere', price: 9490, category: 'Vodka' },
  { name: 'Vodka Absolut con Red Bull', price: 7490, category: 'Vodka' },

  // Licores
  { name: 'Baileys', price: 5490, category: 'Licores' },
  { name: 'Jägermeister', price: 5990, category: 'Licores' },
  { name: 'Jägerbomb', price: 6990, category: 'Licores' },
  { name: 'Amaretto Disaronno', price: 5990, category: 'Licores' },
  { name: 'Licor 43', price: 5990, category: 'Licores' },
  { name: 'Fernet Branca', price: 5490, category: 'Licores' },
  { name: 'Fernet con Coca-Cola', price: 5990, category: 'Licores' },
  { name: 'Kahlúa', price: 5490, category: 'Licores' },
  { name: 'Araucano', price: 4590, category: 'Licores' },

  // Vinos
  { name: 'Copa Carménère', price: 4990, category: 'Vinos' },
  { name: 'Copa Cabernet Sauvignon', price: 4990, category: 'Vinos' },
  { name: 'Copa Sauvignon Blanc', price: 4790, category: 'Vinos' },
  { name: 'Copa Chardonnay', price: 4790, category: 'Vinos' },
  { name: 'Copa Rosé', price: 4790, category: 'Vinos' },
  { name: 'Copa Espumante Brut', price: 5490, category: 'Vinos' },
  { name: 'Vaso de pipeño', price: 3990, category: 'Vinos' },
  { name: 'Botella Carménère Reserva', price: 17990, category: 'Vinos' },
  { name: 'Botella Cabernet Sauvignon Reserva', price: 17990, category: 'Vinos' },
  { name: 'Botella Sauvignon Blanc Reserva', price: 16990, category: 'Vinos' },
  { name: 'Botella Cinsault Valle del Itata', price: 19990, category: 'Vinos' },
  { name: 'Botella Espumante Brut', price: 19990, category: 'Vinos' },
  { name: 'Botella Montes Alpha Carménère', price: 33500, category: 'Vinos' },

  // Café y té
  { name: 'Espresso', price: 2290, category: 'Café y té' },
  { name: 'Café cortado', price: 2590, category: 'Café y té' },
  { name: 'Café americano', price: 2490, category: 'Café y té' },
  { name: 'Cappuccino', price: 3290, category: 'Café y té' },
  { name: 'Café latte', price: 3290, category: 'Café y té' },
  { name: 'Mocaccino', price: 3690, category: 'Café y té' },
  { name: 'Té negro', price: 1990, category: 'Café y té' },
  { name: 'Té verde', price: 1990, category: 'Café y té' },
  { name: 'Agua de hierbas', price: 1990, category: 'Café y té' },
  { name: 'Chocolate caliente', price: 3490, category: 'Café y té' },

  // Bebidas
  { name: 'Coca-Cola', price: 2290, category: 'Bebidas' },
  { name: 'Coca-Cola Zero', price: 2290, category: 'Bebidas' },
  { name: 'Sprite', price: 2290, category: 'Bebidas' },
  { name: 'Fanta', price: 2290, category: 'Bebidas' },
  { name: 'Ginger Ale', price: 2290, category: 'Bebidas' },
  { name: 'Agua tónica', price: 2290, category: 'Bebidas' },
  { name: 'Agua mineral sin gas', price: 1990, category: 'Bebidas' },
  { name: 'Agua mineral con gas', price: 1990, category: 'Bebidas' },
  { name: 'Red Bull', price: 3490, category: 'Bebidas' },

  // Jugos y limonadas
  { name: 'Limonada natural', price: 3490, category: 'Jugos y limonadas' },
  { name: 'Limonada menta jengibre', price: 3790, category: 'Jugos y limonadas' },
  { name: 'Limonada de frutilla', price: 3790, category: 'Jugos y limonadas' },
  { name: 'Limonada de maracuyá', price: 3790, category: 'Jugos y limonadas' },
  { name: 'Jugo natural de naranja', price: 3490, category: 'Jugos y limonadas' },
  { name: 'Jugo natural de frambuesa', price: 3790, category: 'Jugos y limonadas' },
  { name: 'Jugo natural de piña', price: 3790, category: 'Jugos y limonadas' },
  { name: 'Jugo natural de mango', price: 3790, category: 'Jugos y limonadas' },

  // Entradas
  { name: 'Tabla Irish', price: 16990, category: 'Entradas' },
  { name: 'Tabla Irish XL', price: 29990, category: 'Entradas' },
  { name: 'Papas fritas', price: 5490, category: 'Entradas' },
  { name: 'Papas fritas cheddar y tocino', price: 7990, category: 'Entradas' },
  { name: 'Chorrillana para dos', price: 14990, category: 'Entradas' },
  { name: 'Alitas BBQ 8 unidades', price: 8990, category: 'Entradas' },
  { name: 'Alitas picantes 8 unidades', price: 8990, category: 'Entradas' },
  { name: 'Aros de cebolla', price: 5990, category: 'Entradas' },
  { name: 'Nachos con guacamole', price: 7990, category: 'Entradas' },
  { name: 'Empanaditas de queso 6 unidades', price: 5990, category: 'Entradas' },
  { name: 'Empanaditas de pino 6 unidades', price: 6490, category: 'Entradas' },
  { name: 'Ceviche de reineta', price: 9990, category: 'Entradas' },
  { name: 'Provoleta', price: 7490, category: 'Entradas' },

  // Pizzas
  { name: 'Pizza Margarita', price: 9990, category: 'Pizzas' },
  { name: 'Pizza Napolitana', price: 10490, category: 'Pizzas' },
  { name: 'Pizza Pepperoni', price: 10990, category: 'Pizzas' },
  { name: 'Pizza Cuatro Quesos', price: 11490, category: 'Pizzas' },
  { name: 'Pizza Española', price: 11490, category: 'Pizzas' },
  { name: 'Pizza Vegetariana', price: 10490, category: 'Pizzas' },
  { name: 'Pizza Irish', price: 11990, category: 'Pizzas' },

  // Hamburguesas
  { name: 'Hamburguesa Clásica', price: 9490, category: 'Hamburguesas' },
  { name: 'Hamburguesa Irish', price: 11990, category: 'Hamburguesas' },
  { name: 'Hamburguesa Cheddar Tocino', price: 10990, category: 'Hamburguesas' },
  { name: 'Hamburguesa Italiana', price: 10490, category: 'Hamburguesas' },
  { name: 'Hamburguesa Blue Cheese', price: 11490, category: 'Hamburguesas' },
  { name: 'Hamburguesa Doble', price: 13490, category: 'Hamburguesas' },
  { name: 'Hamburguesa Pollo Crispy', price: 9990, category: 'Hamburguesas' },
  { name: 'Hamburguesa Vegana', price: 9990, category: 'Hamburguesas' },

  // Sándwiches
  { name: 'Churrasco italiano', price: 8990, category: 'Sándwiches' },
  { name: 'Barros Luco', price: 8990, category: 'Sándwiches' },
  { name: 'Barros Jarpa', price: 8490, category: 'Sándwiches' },
  { name: 'Chacarero', price: 9490, category: 'Sándwiches' },
  { name: 'Lomito italiano', price: 9490, category: 'Sándwiches' },
  { name: 'Ave palta', price: 7990, category: 'Sándwiches' },
  { name: 'Sándwich Reuben', price: 9990, category: 'Sándwiches' },
  { name: 'Sándwich pulled pork', price: 9990, category: 'Sándwiches' },
  { name: 'Completo italiano', price: 4990, category: 'Sándwiches' },

  // Fondos
  { name: 'Fish and chips', price: 11990, category: 'Fondos' },
  { name: 'Estofado irlandés a la Guinness', price: 13990, category: 'Fondos' },
  { name: "Shepherd's pie", price: 11990, category: 'Fondos' },
  { name: 'Bangers and mash', price: 10990, category: 'Fondos' },
  { name: 'Lomo a lo pobre', price: 15990, category: 'Fondos' },
  { name: 'Costillas BBQ con papas', price: 15490, category: 'Fondos' },
  { name: 'Pechuga grillada con puré', price: 10990, category: 'Fondos' },
  { name: 'Salmón grillado con verduras', price: 14990, category: 'Fondos' },
  { name: 'Reineta a la plancha', price: 12990, category: 'Fondos' },

  // Ensaladas
  { name: 'Ensalada César', price: 8490, category: 'Ensaladas' },
  { name: 'Ensalada César con pollo', price: 9490, category: 'Ensaladas' },
  { name: 'Ensalada chilena', price: 4490, category: 'Ensaladas' },
  { name: 'Ensalada griega', price: 7990, category: 'Ensaladas' },
  { name: 'Ensalada de quinoa', price: 8490, category: 'Ensaladas' },
  { name: 'Ensalada caprese', price: 7490, category: 'Ensaladas' },

  // Postres
  { name: 'Brownie con helado', price: 5490, category: 'Postres' },
  { name: 'Cheesecake de frambuesa', price: 5490, category: 'Postres' },
  { name: 'Tiramisú', price: 5490, category: 'Postres' },
  { name: 'Torta de chocolate Guinness', price: 5990, category: 'Postres' },
  { name: 'Pie de limón', price: 4990, category: 'Postres' },
  { name: 'Panqueques con manjar', price: 4990, category: 'Postres' },
  { name: 'Leche asada', price: 3990, category: 'Postres' },
  { name: 'Mote con huesillo', price: 3490, category: 'Postres' },

  // Extras
  { name: 'Extra por chelada', price: 1000, category: 'Extras' },
  { name: 'Extra michelada', price: 1500, category: 'Extras' },
  { name: 'Extra shot de espresso', price: 1200, category: 'Extras' },
];
