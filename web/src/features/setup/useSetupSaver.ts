import { useEffect, useMemo, useRef, useState } from 'react';
import { createVideo, readCreatorVideo, ServerProblem, updateVideo, type VideoRef } from '../../api/index.ts';
import type { LeaveGuard } from '../creator/index.ts';
import { createSaveQueue, type SaveQueue, type SaveState } from './save-queue.ts';
import { canCreate, setupValuesOf, type SetupValues, type TextField } from './setup-values.ts';
import { createTextSaveTimer } from './text-save-timer.ts';

interface Options {
  initial: SetupValues;
  /** The numeric id once the video exists. */
  videoId: number | null;
  /** Where changes are sent: the id, or the family's link hash. */
  videoRef: VideoRef | null;
  /** The user the dashboard's New Video link named (?user_id=). */
  ownerId: number | undefined;
  onCreated(videoId: number): void;
}

/**
 * The form's values and their saving: text saves 500 ms after typing stops and on leaving the field,
 * everything else at once, all through one save queue.
 */
export function useSetupSaver({ initial, videoId, videoRef, ownerId, onCreated }: Options) {
  const created = useRef(onCreated);
  useEffect(() => {
    created.current = onCreated;
  });
  const [queue] = useState(() => {
    // A save's answer (or a refusal's revert) changes the values too, so each published state shows them.
    const made: SaveQueue<SetupValues> = createSaveQueue<SetupValues>({
      videoId,
      saved: initial,
      canCreate,
      transport: {
        create: (values) => createVideo(values, ownerId).then((reply) => reply.videoId),
        update: (id, changes) => updateVideo(videoRef ?? id, changes).then(setupValuesOf),
        read: (id) => readCreatorVideo(videoRef ?? id).then(setupValuesOf),
        refused: (err) => err instanceof ServerProblem && err.status >= 400 && err.status < 500,
      },
      onState: (next) => {
        setState(next);
        setValues(made.values());
      },
      onCreated: (id) => created.current(id),
    });
    return made;
  });
  const [state, setState] = useState<SaveState>(queue.state);
  const [values, setValues] = useState<SetupValues>(queue.values);
  const [timer] = useState(() => createTextSaveTimer(() => queue.save()));
  // The browser's Back and Forward swap the page before any event could hold it (wouter has no blocker, and a render
  // can read the new address before popstate fires), so leaving that way must not forget a text save still waiting
  // for its moment: it is sent as the page goes (kept alive, so leaving the site entirely does not cut it off). A
  // video that save makes is not navigated to: the person has gone where Back took them.
  useEffect(
    () => () => {
      created.current = () => undefined;
      timer.left();
    },
    [timer],
  );

  const actions = {
    type(field: TextField, text: string) {
      queue.change({ [field]: text });
      setValues(queue.values());
      timer.typed();
    },
    leaveField() {
      timer.left();
    },
    set(patch: Partial<SetupValues>) {
      queue.change(patch);
      setValues(queue.values());
      timer.now();
    },
    /** A change the server made itself (a deleted custom theme): shown, not sent. */
    adopt(patch: Partial<SetupValues>) {
      queue.adopt(patch);
      setValues(queue.values());
    },
  };

  const guard: LeaveGuard = useMemo(
    () => ({
      flush: () => timer.left(),
      busy: () => queue.state().saving,
      idle: () => queue.idle(),
    }),
    [queue, timer],
  );

  return { values, state, actions, guard };
}
