import useSWR from 'swr';
import type { WireOrderOptions, WireOrderPlaced, WireVideoOrders } from '../../../../server/src/wire/order.ts';
import { getJson, sendJson, type Camelized } from '../../api/index.ts';
import type { OrderReply } from '../finalize/index.ts';

export type OrderOptions = Camelized<WireOrderOptions>;
export type OrderProduct = OrderOptions['products'][number];
export type VideoOrders = Camelized<WireVideoOrders>;
export type VideoOrder = VideoOrders['orders'][number];

/** How many of each product (by id) the form orders. */
export type Quantities = Record<number, number>;

const linesOf = (quantities: Quantities) => Object.entries(quantities).map(([productId, quantity]) => ({ productId: Number(productId), quantity }));

/** GET /r/orders/products: the video and the products offered for it, by id or by video code (null: not yet known). */
export function useOrderOptions(video: { videoId: number } | { videoCode: string } | null) {
  const query = video === null ? {} : 'videoId' in video ? { video_id: video.videoId } : { video_code: video.videoCode };
  const key = video === null ? null : ['order-options', JSON.stringify(query)];
  const { data, error, mutate } = useSWR<OrderOptions, Error>(key, () => getJson<OrderOptions>('/r/orders/products', query), { revalidateOnFocus: false });
  return { options: data, error, reload: () => void mutate() };
}

/** POST /r/orders/hard_copies */
export const orderHardCopies = (videoId: number, quantities: Quantities) =>
  sendJson<Camelized<WireOrderPlaced>>('POST', '/r/orders/hard_copies', { videoId, lines: linesOf(quantities) });

/** POST /orders/create from the order page: finalize, with the copies and the burn choice. */
export const finalizeAndOrder = (videoCode: string, stockEula: boolean, quantities: Quantities, autoBurn: boolean) =>
  sendJson<OrderReply>('POST', '/orders/create', { videoCode, stockEula: stockEula ? '1' : '0', lines: linesOf(quantities), autoBurn });

export const videoOrdersKey = (videoId: number) => `/r/videos/${videoId}/orders`;

/** GET /r/videos/{id}/orders */
export function useVideoOrders(videoId: number) {
  const { data, error, mutate } = useSWR<VideoOrders, Error>(videoOrdersKey(videoId), (key: string) => getJson<VideoOrders>(key), { revalidateOnFocus: false });
  return { orders: data?.orders, error, reload: () => void mutate() };
}
