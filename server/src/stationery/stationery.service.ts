import { LABEL_PRODUCT_NAMES, obituaryQrAllowed, type LabelFormat, type LabelProduct, type LabelSettings } from '../../../common/label-settings.ts';
import { AppError } from '../http/errors.ts';
import type { BrandRepository } from '../repositories/brand.repository.ts';
import { printImage } from '../repositories/image.repository.ts';
import type { OrganizationRepository } from '../repositories/organization.repository.ts';
import type { StorageRepository } from '../repositories/storage.repository.ts';
import type { VideoRow } from '../repositories/video.repository.ts';
import { downloadName } from '../services/download.service.ts';
import { playerPath } from '../services/embed.service.ts';
import { qrMatrix } from '../services/qr.service.ts';
import type { RenderThemeService } from '../services/render-theme.service.ts';
import { themeAssetKeys } from '../themes/theme-assets.service.ts';
import { layoutToJpg } from './jpg.ts';
import type { LabelContent, LabelImage, LayoutFont } from './layout.ts';
import { LAYOUTS } from './layouts.ts';
import { layoutToPdf } from './pdf.ts';
import { measureText } from './text-measure.ts';

/** Artwork at 2400 px across prints at 300 dpi on the widest product (the 8 in DVD case insert face). */
const ARTWORK_EDGE = 2400;
const LOGO_EDGE = 600;

export const OBITUARY_QR_UNAVAILABLE = "This video's labels cannot carry an obituary QR code: it needs the obituary QR link turned on for the organization and an obituary address on the video.";

export interface StationeryDeps {
  publicUrl: string;
  storage: StorageRepository;
  organizations: OrganizationRepository;
  brands: BrandRepository;
  themes: RenderThemeService;
}

export interface StationeryFile {
  body: Buffer;
  type: string;
  /** A name for the browser's save dialog, from the title. */
  name: string;
}

const layoutFont = (font: { file: string; family: string; weight?: number; style?: 'normal' | 'italic' }): LayoutFont => ({
  file: font.file,
  family: font.family,
  weight: font.weight ?? 400,
  style: font.style ?? 'normal',
});

/**
 * Print-ready labels of a finished video (spec 3 sections 2.5, 3.4, 5): what goes on them is read here, where it
 * goes is the product's layout, and the PDF and the JPG are drawn from that one layout.
 */
export function stationeryService(deps: StationeryDeps) {
  async function stored(key: string | null | undefined, type: 'jpg' | 'png', edge: number): Promise<LabelImage | null> {
    if (!key) return null;
    // A picture that has gone from storage leaves the theme's colour (or no logo) rather than no label at all.
    return deps.storage
      .localCopy(key)
      .then((file) => printImage(file, type, edge))
      .catch(() => null);
  }

  /** The organization, or the video's brand when it has one: the name printed, and the logo if the video uses it. */
  async function maker(video: VideoRow): Promise<{ name: string; logoKey: string | null; obituaryQr: boolean } | null> {
    const organization = video.organization_id ? await deps.organizations.findById(video.organization_id) : undefined;
    const brand = video.brand_id ? await deps.brands.findById(video.brand_id) : undefined;
    const obituaryQr = Boolean(organization?.obituary_qr_link);
    if (brand && !brand.disabled && brand.organization_id === video.organization_id) return { name: brand.name, logoKey: brand.logo_path, obituaryQr };
    if (organization) return { name: organization.organization_name, logoKey: organization.logo_path, obituaryQr };
    return null;
  }

  async function content(video: VideoRow, settings: LabelSettings): Promise<LabelContent> {
    const [{ theme, art }, who] = await Promise.all([deps.themes.forVideo(video), maker(video)]);
    // A custom theme's own intro picture wins; else the theme's DVD artwork, drawn for a disc's face.
    const themeKeys = theme.id ? themeAssetKeys(theme.id) : null;
    const customPicture = art.introScene && art.introScene !== themeKeys?.introScene ? art.introScene : null;
    const artwork = await stored(customPicture ?? themeKeys?.dvdArtwork, 'jpg', ARTWORK_EDGE);
    const obitUrl = (video.obit_url as string | null) ?? null;
    let qr: LabelContent['qr'] = null;
    if (settings.showQrCode) {
      if (settings.obituaryQr) {
        if (!obituaryQrAllowed(who?.obituaryQr ?? false, obitUrl)) throw new AppError(400, OBITUARY_QR_UNAVAILABLE);
        const link = obitUrl!.trim();
        qr = { link, matrix: qrMatrix(link), caption: 'Scan to read the obituary' };
      } else {
        // The video's link as the Share or Embed tab gives it: its player page.
        const link = `${deps.publicUrl}${playerPath(video.video_code)}`;
        qr = { link, matrix: qrMatrix(link), caption: 'Scan to watch the video' };
      }
    }
    return {
      title: video.title,
      subtitle: video.subtitle,
      introText: video.intro_text,
      fonts: { title: layoutFont(theme.fonts.title), body: layoutFont(theme.fonts.body) },
      colours: { title: theme.colours.title, text: theme.colours.text, background: art.colour },
      artwork,
      maker: who ? { name: who.name, logo: video.use_logo ? await stored(who.logoKey, 'png', LOGO_EDGE) : null } : null,
      qr,
    };
  }

  return {
    /** The product drawn for the video with these settings, as a PDF or a JPG. */
    async render(video: VideoRow, product: LabelProduct, format: LabelFormat, settings: LabelSettings): Promise<StationeryFile> {
      const layout = LAYOUTS[product]({ content: await content(video, settings), settings, measure: measureText });
      const name = downloadName(video.title, ` ${LABEL_PRODUCT_NAMES[product]}.${format}`);
      if (format === 'jpg') return { body: await layoutToJpg(layout), type: 'image/jpeg', name };
      const title = `${video.title || 'Tribute video'}: ${LABEL_PRODUCT_NAMES[product]}`;
      return { body: await layoutToPdf(layout, { title, subject: LABEL_PRODUCT_NAMES[product] }), type: 'application/pdf', name };
    },
  };
}

export type StationeryService = ReturnType<typeof stationeryService>;
