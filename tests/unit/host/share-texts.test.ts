import { describe, expect, it } from 'vitest';
import { menuByCategory } from '../../../src/host/menu-groups.ts';
import { keepMenu, keptMenu, forgetMenu } from '../../../src/host/menu-snapshot.ts';
import { sectionIn } from '../../../src/host/section.ts';
import { invitationText, reminderText, whatsappLink } from '../../../src/host/whatsapp.ts';

const LINK = 'https://lacuenta.example/f/codigoDeLaFiestaDeAna0';

describe('the WhatsApp texts', () => {
  it('invites to the party by its name and link, in a wa.me link that decodes to the same text', () => {
    const text = invitationText('Cumpleaños de Ana', LINK);
    expect(text).toBe(`Te invito a «Cumpleaños de Ana». Anota lo que pides en La Cuenta, desde tu teléfono: ${LINK}`);
    const link = new URL(whatsappLink(text));
    expect(link.origin + link.pathname).toBe('https://wa.me/');
    expect(link.searchParams.get('text')).toBe(text);
  });

  it('reminds a guest of what they still owe with tip, in pesos as the page writes them', () => {
    expect(reminderText('Cumpleaños de Ana', 'Beto Soto', 18_689, LINK)).toBe(
      `Hola, Beto Soto: de «Cumpleaños de Ana» te falta pagar $18.689 con propina. Tu cuenta está aquí: ${LINK}`,
    );
  });

  it('survives the characters a name may hold (&, #, ?, +, emoji) through the link', () => {
    const text = reminderText('Asado & Chelas #2 ¿sí? 🍺', 'Ana+Beto', 4840, LINK);
    expect(new URL(whatsappLink(text)).searchParams.get('text')).toBe(text);
  });
});

describe('the section in the address', () => {
  it('reads the fragment, and anything else is Invitados', () => {
    expect(sectionIn('#carta')).toBe('carta');
    expect(sectionIn('#compartir')).toBe('compartir');
    expect(sectionIn('#invitados')).toBe('invitados');
    expect(sectionIn('')).toBe('invitados');
    expect(sectionIn('#otra')).toBe('invitados');
  });
});

describe('the list by category', () => {
  it('groups in the list’s order, a category placed by its first product', () => {
    const item = (name: string, category: string) => ({ name, price: 1000, category, sold_out: false });
    const groups = menuByCategory([item('Kunstmann', 'Cervezas'), item('Mojito', 'Cócteles'), item('Austral', 'Cervezas')]);
    expect(groups.map((group) => [group.category, group.items.map((one) => one.name)])).toEqual([
      ['Cervezas', ['Kunstmann', 'Austral']],
      ['Cócteles', ['Mojito']],
    ]);
  });
});

describe('the list kept for no signal', () => {
  const menu = { version: 'v1', items: [{ name: 'Mojito', price: 6490, category: 'Cócteles', sold_out: false }] };

  it('is only ever the kept party’s, and goes at “Salir”', () => {
    keepMenu('codigoA', menu);
    expect(keptMenu('codigoA')).toEqual(menu);
    expect(keptMenu('codigoB')).toBeNull();
    forgetMenu();
    expect(keptMenu('codigoA')).toBeNull();
  });

  it('is none when what is kept is corrupt', () => {
    localStorage.setItem('hostMenuSnapshot', '{"code":"codigoA","menu":{"items":"no"}}');
    expect(keptMenu('codigoA')).toBeNull();
    localStorage.setItem('hostMenuSnapshot', 'no es json');
    expect(keptMenu('codigoA')).toBeNull();
  });
});
