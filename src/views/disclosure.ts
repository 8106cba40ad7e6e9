import { useId, useState } from 'react';

/** A button that shows and hides a region below it: its state, the region's id, and the button's attributes. */
export interface Disclosure {
  readonly open: boolean;
  readonly regionId: string;
  readonly toggle: { readonly 'aria-expanded': boolean; readonly 'aria-controls': string; readonly onClick: () => void };
}

/** One way for every "Ver / Ocultar" button: closed at first, each tap flips it, and it names the region it controls. */
export function useDisclosure(): Disclosure {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return { open, regionId, toggle: { 'aria-expanded': open, 'aria-controls': regionId, onClick: () => setOpen((shown) => !shown) } };
}
