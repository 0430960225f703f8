import { encode } from "uqr";

type QrCodeProps = { value: string; label: string; size?: number; className?: string };

/**
 * A QR code drawn in the browser as one SVG path (uqr, no canvas, no network), so what it carries — a TOTP secret —
 * never leaves the page. Black on white with a quiet zone, as scanners expect whatever the theme.
 */
export function QrCode({ value, label, size = 192, className }: QrCodeProps) {
  const { data, size: modules } = encode(value, { ecc: "M", border: 2 });
  const path = data.flatMap((row, y) => row.map((isDark, x) => (isDark ? `M${x} ${y}h1v1h-1z` : ""))).join("");
  return (
    <svg
      data-slot="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
