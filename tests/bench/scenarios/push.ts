import { benchPushFanout, PUSH_FANOUT_TARGET_MS } from '../push-fanout';
import { count, ms, type Section } from './bench-context';

/** One push to 1,000 connected sockets (see docs/performance.md#current-figures); its own small server, so it needs no bench data. */
export async function runPushFanout(): Promise<Section> {
  const figures = await benchPushFanout(1000);
  return {
    title: 'Anlık bildirim, 1.000 bağlı soket',
    columns: ['Soket', 'Bağlanma ms', 'Son sokete ulaşma ms', 'Hedef'],
    rows: [
      {
        cells: [
          count(figures.sockets),
          ms(figures.connectMs),
          ms(figures.deliveryMs),
          `< ${PUSH_FANOUT_TARGET_MS} ms`,
        ],
        pass: figures.deliveryMs < PUSH_FANOUT_TARGET_MS,
      },
    ],
    notes: [
      'Bağlanma süresi hedefe dahil değildir: hedef, yayından son soketin alışına kadar geçen süredir.',
    ],
  };
}
