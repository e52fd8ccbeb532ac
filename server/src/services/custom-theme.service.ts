import { CUSTOM_THEME_BASE_ID } from '../../../common/custom-theme.ts';
import { AppError } from '../http/errors.ts';
import { MediaError } from '../media/media-error.ts';
import type { CustomThemeRepository, CustomThemeRow } from '../repositories/custom-theme.repository.ts';
import type { StorageRepository } from '../repositories/storage.repository.ts';
import type { UserWithOrg } from '../repositories/user.repository.ts';
import type { VideoRow } from '../repositories/video.repository.ts';
import type { WireCustomTheme, WireCustomThemeCreated, WireCustomThemeDeleted, WireCustomThemeReply } from '../wire/custom-theme.ts';
import { changeDesign, designFromTheme, fontChoices, readDesign, type PictureSlot } from './custom-theme-design.ts';
import { introFrameService, type IntroFrame, type IntroFrameEngine } from './intro-frame.service.ts';
import type { VideoAccess } from './video-access.ts';

/** Uploaded pictures become frames of the 720p render. */
export const PICTURE_WIDTH = 1280;
export const PICTURE_HEIGHT = 720;
export const PICTURE_MAX_BYTES = 25 * 1024 * 1024;
const TITLE_LIMIT = 250;

export interface CustomThemeImages {
  fitPictureToFrame(input: Buffer, width: number, height: number): Promise<Buffer>;
}

/** The parts of the render engine the preview uses (intro-frame.service.ts). */
export type CustomThemeEngine = IntroFrameEngine;
export type CustomThemePreview = IntroFrame;

const version = (row: CustomThemeRow): string => new Date(row.updated_at).getTime().toString(36);
const missing = (): AppError => new AppError(404, 'Not found');

/**
 * Custom themes (spec 1, sections 2.3 and 5): made by signed-in staff for a video, shared within their
 * organization, edited in the embedded editor; their pictures live in storage beside the design.
 */
export function customThemeService(customThemes: CustomThemeRepository, storage: StorageRepository, images: CustomThemeImages, engine: CustomThemeEngine) {
  const frames = introFrameService(engine);

  /** The custom theme, if the user's organization owns it (super users: any); anything else looks missing. */
  async function owned(user: UserWithOrg, id: number): Promise<CustomThemeRow> {
    const row = await customThemes.findById(id);
    if (!row || (user.role !== 'super' && (user.organization_id === null || row.organization_id !== user.organization_id))) throw missing();
    return row;
  }

  const pictureUrl = (row: CustomThemeRow, slot: PictureSlot, key: string | null): string | null =>
    key ? `/custom_themes/${row.id}/images/${slot}?v=${version(row)}` : null;

  function toWire(row: CustomThemeRow): WireCustomTheme {
    const design = readDesign(row.design, row.theme_id);
    return {
      id: row.id,
      theme_id: row.theme_id,
      title: row.title,
      design: {
        intro_enabled: design.intro_enabled,
        intro_image_url: pictureUrl(row, 'intro', design.intro_image),
        background_mode: design.background_mode,
        background_colour: design.background_colour,
        background_image_url: pictureUrl(row, 'background', design.background_image),
        title_font: design.title_font,
        title_colour: design.title_colour,
        caption_font: design.caption_font,
      },
      preview_url: `/custom_themes/${row.id}/preview.jpg?v=${version(row)}`,
    };
  }

  const reply = (row: CustomThemeRow): WireCustomThemeReply => ({ custom_theme: toWire(row), fonts: fontChoices() });

  return {
    owned,

    async create(user: UserWithOrg, { video, linkLevel }: VideoAccess, themeId: unknown): Promise<WireCustomThemeCreated> {
      if (linkLevel !== undefined) throw missing();
      const base = typeof themeId === 'number' ? await customThemes.findBaseTheme(themeId) : undefined;
      if (!base) throw new AppError(422, 'That theme is not available.');
      const row = await customThemes.create({
        theme_id: base.id,
        user_id: user.id,
        organization_id: video.organization_id,
        title: base.id === CUSTOM_THEME_BASE_ID ? 'Custom Theme' : `${base.theme_title} (Custom)`,
        design: { ...designFromTheme(base.id, base.design) },
      });
      return { custom_theme_id: row.id };
    },

    async read(user: UserWithOrg, id: number): Promise<WireCustomThemeReply> {
      return reply(await owned(user, id));
    },

    /** Answers the new state and the videos drawn with it, which hear about the change. */
    async change(user: UserWithOrg, id: number, body: Record<string, unknown>): Promise<{ reply: WireCustomThemeReply; videoIds: number[] }> {
      const row = await owned(user, id);
      const values: Partial<Pick<CustomThemeRow, 'title' | 'design'>> = {};
      if ('title' in body) {
        if (typeof body.title !== 'string' || !body.title.trim()) throw new AppError(422, 'Please enter a name for the custom theme.');
        if ([...body.title].length > TITLE_LIMIT) throw new AppError(422, `The name must be at most ${TITLE_LIMIT} characters.`);
        values.title = body.title;
      }
      values.design = { ...changeDesign(readDesign(row.design, row.theme_id), body, row.theme_id) };
      const updated = await customThemes.update(id, values);
      return { reply: reply(updated), videoIds: await customThemes.videoIdsUsing(id) };
    },

    async setPicture(user: UserWithOrg, id: number, slot: PictureSlot, upload: Buffer | undefined): Promise<{ reply: WireCustomThemeReply; videoIds: number[] }> {
      const row = await owned(user, id);
      if (!upload?.length) throw new AppError(400, 'Please choose a picture to upload.');
      let jpeg: Buffer;
      try {
        jpeg = await images.fitPictureToFrame(upload, PICTURE_WIDTH, PICTURE_HEIGHT);
      } catch (err) {
        if (!(err instanceof MediaError)) throw err;
        throw err.problem === 'too_large'
          ? new AppError(413, 'This picture has too many pixels. Please choose a smaller one.')
          : new AppError(415, 'This file is not a picture we can read. Please choose a JPEG, PNG or similar photo.');
      }
      // A new name each time: renders and browsers holding the old address keep a whole file.
      const key = `custom-themes/${id}/${slot}-${Date.now().toString(36)}.jpg`;
      await storage.write(key, jpeg);
      const design = { ...readDesign(row.design, row.theme_id), [`${slot}_image`]: key };
      if (slot === 'background') design.background_mode = 'image';
      if (slot === 'intro') design.intro_enabled = true;
      const updated = await customThemes.update(id, { design });
      return { reply: reply(updated), videoIds: await customThemes.videoIdsUsing(id) };
    },

    async remove(user: UserWithOrg, id: number): Promise<WireCustomThemeDeleted> {
      await owned(user, id);
      return { success: true, reset_video_ids: await customThemes.remove(id) };
    },

    /** The storage key of a stored picture. */
    async pictureKey(user: UserWithOrg, id: number, slot: PictureSlot): Promise<string> {
      const row = await owned(user, id);
      const key = readDesign(row.design, row.theme_id)[`${slot}_image`];
      if (!key) throw missing();
      return key;
    },

    /**
     * A frame of the video's intro as the render engine draws it with this custom theme, after its titles have
     * faded in, with the video's own title when a video is given (spec 1: custom theme editor preview).
     */
    async preview(user: UserWithOrg, id: number, video?: Pick<VideoRow, 'title' | 'subtitle' | 'intro_text'>): Promise<CustomThemePreview> {
      const row = await owned(user, id);
      return frames.render({ theme_id: row.theme_id, custom_theme_id: row.id }, {
        title: video?.title.trim() || 'Video Title',
        subtitle: video ? video.subtitle : 'Subtitle',
        introText: video ? video.intro_text : '',
      });
    },
  };
}

export type CustomThemeService = ReturnType<typeof customThemeService>;
