import { fetchSongList, sendForm, type VideoRef } from '../../api/index.ts';

/** POST /orders/create answers with where to go next, or a message to show instead. */
export interface OrderReply {
  redirect?: string;
  message?: string;
}

/** Sent form-encoded from script, as the spec's finalize form does. */
export const createOrder = (videoCode: string, stockEula: boolean) =>
  sendForm<OrderReply>('/orders/create', { video_code: videoCode, stock_eula: stockEula ? '1' : '0' });

/** Whether the video's music includes stock-library songs (their licence is agreed when finalizing). */
export const usesStockMusic = (video: VideoRef) => fetchSongList(video).then((list) => list.songs.some((song) => song.stockSongId !== null));
