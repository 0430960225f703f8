import type { MetricPoint } from "@shared/admin-api";

type BarChartProps = { title: string; points: MetricPoint[]; format: (value: number) => string };

const WIDTH = 480;
const HEIGHT = 160;
const GAP = 6;

/**
 * A month-by-month bar chart in plain SVG: twelve bars need no charting library (and its ~100 kB). The figures are
 * also in a visually hidden table, so a screen reader reads the numbers rather than the shapes.
 */
export function BarChart({ title, points, format }: BarChartProps) {
  const max = Math.max(1, ...points.map((p) => p.value));
  const barWidth = points.length ? (WIDTH - GAP * (points.length - 1)) / points.length : 0;
  return (
    <figure className="grid gap-2">
      <figcaption className="font-medium">{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + 18}`} className="h-auto w-full" aria-hidden="true">
        {points.map((p, i) => {
          const h = (p.value / max) * HEIGHT;
          const x = i * (barWidth + GAP);
          return (
            <g key={p.month}>
              <rect x={x} y={HEIGHT - h} width={barWidth} height={h} rx={2} className="fill-primary" />
              <text
                x={x + barWidth / 2}
                y={HEIGHT + 14}
                textAnchor="middle"
                className="fill-muted-foreground text-[10px]"
              >
                {p.month.slice(5)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {points.map((p) => (
            <tr key={p.month}>
              <th scope="row">{p.month}</th>
              <td>{format(p.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
