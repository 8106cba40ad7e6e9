import { useMemo } from 'react';
import { drawQr } from '../../host/qr.ts';

/** The link's QR code: black modules on white, edges kept sharp at any size and in print. */
export default function PartyQr({ link, className = 'host-qr' }: { readonly link: string; readonly className?: string }) {
  const qr = useMemo(() => drawQr(link), [link]);
  return (
    <svg className={className} role="img" aria-label="Código QR de la fiesta" viewBox={`0 0 ${qr.size} ${qr.size}`} shapeRendering="crispEdges">
      <rect width={qr.size} height={qr.size} fill="#ffffff" />
      <path d={qr.path} fill="#000000" />
    </svg>
  );
}
