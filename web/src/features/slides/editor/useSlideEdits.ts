import { useCallback, useMemo } from 'react';
import { clearKenBurns, cropSlide, replaceSlideImage, revertSlide, saveKenBurns, saveSlide, type CropRect, type Slide, type VideoRef } from '../../../api/index.ts';
import { choiceAttributes, type ChooserType } from '../look/chooser.ts';
import type { SlideListStore } from '../useSlideList.ts';

/** Attributes POST /slides/save takes from the editor (spec 2 section 7). */
export type SlideChanges = Partial<
  Pick<
    Slide,
    | 'slideCaption'
    | 'fontSize'
    | 'font'
    | 'slideBackground'
    | 'captionPosition'
    | 'captionRemoveBackdrop'
    | 'clipVolume'
    | 'duckVolume'
    | 'clipStart'
    | 'clipEnd'
    | 'slideTime'
    | 'userSetSlideTime'
    | 'straighten'
    | 'redeyes'
    | 'blemishes'
    | 'hue'
    | 'brightness'
    | 'contrast'
    | 'saturation'
    | 'enhance'
    | 'transitionId'
    | 'effectId'
    | 'overlayId'
    | 'borderId'
  >
>;

/** How often a waiting save looks whether its slide is free, and how long it waits at most. */
const BUSY_POLL_MS = 100;
const SAVE_WAIT_MS = 60_000;

/**
 * The editor's remote edits with spec 2's busy rules: a busy slide ignores further edits, the flag is set for the
 * call and cleared before its result is merged. Errors were shown by the API layer; the slide simply stays.
 */
export function useSlideEdits(videoRef: VideoRef, store: SlideListStore) {
  const { track, setBusy, isBusy, replace, load, stateRef } = store;

  const run = useCallback(
    async (slideId: number, call: () => Promise<Slide | null>): Promise<Slide | null> => {
      if (isBusy(slideId)) return null;
      setBusy([slideId], true);
      try {
        const slide = await track(call);
        setBusy([slideId], false);
        if (slide) replace([slide]);
        return slide;
      } catch {
        setBusy([slideId], false);
        return null;
      }
    },
    [isBusy, setBusy, track, replace],
  );

  const save = useCallback(
    (slideId: number, changes: SlideChanges) => {
      // redeyes and blemishes travel as JSON text (spec 2 section 7).
      const wire: Record<string, unknown> = { ...changes };
      if (changes.redeyes) wire.redeyes = JSON.stringify(changes.redeyes);
      if (changes.blemishes) wire.blemishes = JSON.stringify(changes.blemishes);
      return run(slideId, async () => (await saveSlide(videoRef, { ...(wire as Partial<Slide>), slideId })).slide);
    },
    [run, videoRef],
  );

  /**
   * A save that must not be lost to the busy rule (a text slide's caption and size, sent a second after the last key
   * or as the drawer closes): while another call for the slide is out it waits, then goes. It lives here, with the
   * workspace, so it still goes after the dialog that asked for it has closed. Gives up after SAVE_WAIT_MS.
   */
  const saveWhenFree = useCallback(
    async (slideId: number, changes: SlideChanges): Promise<Slide | null> => {
      for (const until = Date.now() + SAVE_WAIT_MS; isBusy(slideId); ) {
        if (Date.now() > until) return null;
        await new Promise((resolve) => setTimeout(resolve, BUSY_POLL_MS));
      }
      return save(slideId, changes);
    },
    [isBusy, save],
  );

  /**
   * A chooser's choice for text slides (spec 2 "Chooser": text slides are updated locally and saved later): shown at
   * once, and sent as soon as each slide has no other call out, so it never races the slide's debounced text.
   */
  const chooseForText = useCallback(
    (ids: readonly number[], type: ChooserType, id: number) => {
      const attributes = choiceAttributes(type, id) as Partial<Slide>;
      replace(stateRef.current.slides.filter((s) => ids.includes(s.id)).map((s) => ({ ...s, ...attributes })));
      for (const slideId of ids) void saveWhenFree(slideId, { [`${type}Id`]: id });
    },
    [replace, stateRef, saveWhenFree],
  );

  const crop = useCallback((slideId: number, rect: CropRect) => run(slideId, async () => (await cropSlide(videoRef, slideId, rect)).slide), [run, videoRef]);

  /** 'Crop as New': the server copies the slide with the crop applied (as_new) and answers the copy. */
  const cropAsNew = useCallback(
    async (slideId: number, rect: CropRect): Promise<number | null> => {
      if (isBusy(slideId)) return null;
      setBusy([slideId], true);
      try {
        const reply = await track(() => cropSlide(videoRef, slideId, rect, true));
        await load();
        return reply.slide.id;
      } catch {
        return null;
      } finally {
        setBusy([slideId], false);
      }
    },
    [isBusy, setBusy, track, videoRef, load],
  );

  const revert = useCallback((slideId: number) => run(slideId, async () => (await revertSlide(videoRef, slideId)).slide), [run, videoRef]);

  /** Ken Burns replies are not read (spec 2 section 7): the slide is reloaded with the list. */
  const kenBurns = useCallback(
    async (slideId: number, coords: [CropRect, CropRect] | null) => {
      await run(slideId, async () => {
        if (coords) await saveKenBurns(videoRef, slideId, coords);
        else await clearKenBurns(videoRef, slideId);
        return null;
      });
      await load();
    },
    [run, videoRef, load],
  );

  /** Upload and replace: busy while uploading; on success the reply's slide replaces it, on error only busy clears. */
  const replaceImage = useCallback(
    (slideId: number, file: File, signal: AbortSignal) => run(slideId, async () => (await replaceSlideImage(videoRef, slideId, file, signal)).slide),
    [run, videoRef],
  );

  return useMemo(
    () => ({ save, saveWhenFree, chooseForText, replaceLocal: replace, crop, cropAsNew, revert, kenBurns, replaceImage }),
    [save, saveWhenFree, chooseForText, replace, crop, cropAsNew, revert, kenBurns, replaceImage],
  );
}

export type SlideEdits = ReturnType<typeof useSlideEdits>;
