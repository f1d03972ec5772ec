import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';

/*
 * The overview's charts (#40, item 9), with Chart.js: this module is its own chunk, fetched once a
 * dashboard has its figures, so no public page and no other staff page loads the library. Each
 * chart is a picture of the table beside it (the table is what a screen reader and the CSV export
 * use): the canvas is an image with a short label.
 */
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  Legend,
);

/** Colours told apart with any colour vision (Okabe and Ito), then greys. */
export const seriesColours = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#6b6b6b', '#a0a0a0'];

export interface Series {
  label: string;
  values: (number | null)[];
}

export interface ChartProps {
  /** What the chart shows, for the canvas's label. */
  label: string;
  /** The x axis, oldest first. */
  categories: string[];
  series: Series[];
  /** How a value reads on the axis and in the tooltip. */
  format?: (value: number) => string;
  /** Bars stacked per category (images per editor) rather than side by side. */
  stacked?: boolean;
  /** The value axis's maximum (100 for a rate in per cent). */
  max?: number;
  /** Bars along the y axis (jobs by status). */
  horizontal?: boolean;
}

function options({ format, stacked, max, horizontal, series }: ChartProps): ChartOptions<'bar' | 'line'> {
  const valueAxis = {
    beginAtZero: true,
    stacked: Boolean(stacked),
    ...(max === undefined ? {} : { max }),
    ticks: { precision: 0, ...(format ? { callback: (value: number | string) => format(Number(value)) } : {}) },
  };
  return {
    // Figures, not a show: no animation (and nothing moves under a reader's pointer).
    animation: false,
    maintainAspectRatio: false,
    responsive: true,
    indexAxis: horizontal ? 'y' : 'x',
    plugins: {
      legend: { display: series.length > 1, position: 'bottom' },
      tooltip: format
        ? { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${format(Number(item.raw))}` } }
        : {},
    },
    scales: horizontal
      ? { x: valueAxis, y: { stacked: Boolean(stacked) } }
      : { x: { stacked: Boolean(stacked) }, y: valueAxis },
  };
}

function data(props: ChartProps): ChartData<'bar' | 'line', (number | null)[], string> {
  return {
    labels: props.categories,
    datasets: props.series.map((series, index) => ({
      label: series.label,
      data: series.values,
      backgroundColor: seriesColours[index % seriesColours.length],
      borderColor: seriesColours[index % seriesColours.length],
    })),
  };
}

/** One chart of the overview: bars (side by side, stacked or along the y axis) or a line. */
export function FigureChart({ kind, ...props }: ChartProps & { kind: 'bar' | 'line' }) {
  return (
    <div className="figure-chart">
      {kind === 'bar' ? (
        <Bar
          role="img"
          aria-label={props.label}
          options={options(props) as ChartOptions<'bar'>}
          data={data(props) as ChartData<'bar', (number | null)[], string>}
        />
      ) : (
        <Line
          role="img"
          aria-label={props.label}
          options={options(props) as ChartOptions<'line'>}
          data={data(props) as ChartData<'line', (number | null)[], string>}
        />
      )}
    </div>
  );
}
