import QRCode from 'qrcode';
import { AppError } from '../http/errors.ts';
import { isOwnLink } from './share.service.ts';

/** Sizes in pixels: the inline image fits a dialog; the download prints sharp on a program or a card. */
export const QR_INLINE_WIDTH = 300;
export const QR_DOWNLOAD_WIDTH = 1200;
const LINK_MAX = 2000;

export const QR_FOREIGN_LINK = 'Only links to this site can be made into QR codes.';

/** A file name from a title: no path or control characters, never empty. */
export function qrFileName(title: string): string {
  const safe = title
    .replace(/[\p{Cc}/\\:*?"<>|]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
    .trim();
  return `${safe || 'QR code'}.png`;
}

/** The modules of a link's QR code, for drawings that set them as shapes (the print labels); same level as the PNGs. */
export function qrMatrix(link: string): { size: number; dark: (row: number, column: number) => boolean } {
  const { modules } = QRCode.create(link, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (row, column) => Boolean(modules.get(row, column)) };
}

/** QR codes of this product's own links only, so the endpoint cannot serve as anybody's QR generator. */
export function qrService(publicUrl: string) {
  return {
    async png(link: unknown, width: number): Promise<Buffer> {
      if (typeof link !== 'string' || link.length > LINK_MAX || !isOwnLink(link, publicUrl)) throw new AppError(400, QR_FOREIGN_LINK);
      return QRCode.toBuffer(link, { type: 'png', width, margin: 2, errorCorrectionLevel: 'M' });
    },
  };
}
