/**
 * Slide commands shared by the grid tools, the tile tools and the slide view's keyboard (spec 2 "Grid tools",
 * "Slide tile", "Keyboard shortcuts"), with the busy-flag rules of section 4: busy slides ignore actions.
 */
import { isPhoto } from './order.ts';
import { ROTATION_STEP } from './rotation.ts';

export interface CommandSlide {
  id: number;
  isText: boolean;
  isVideo: boolean;
  enhance: boolean;
}

export interface CommandContext {
  targets: readonly CommandSlide[];
  busy: ReadonlySet<number>;
}

export interface SlideActions {
  edit(id: number): void;
  remove(ids: number[]): void;
  rotate(ids: number[], degrees: number): void;
  duplicate(ids: number[]): void;
  enhance(ids: number[], value: boolean): void;
}

export interface KeyPress {
  key: string;
}

export type CommandName = 'edit' | 'delete' | 'rotateLeft' | 'rotateRight' | 'duplicate' | 'enhance' | 'unenhance';

export interface SlideCommand {
  name: CommandName;
  label: string;
  /** Slide view shortcut (spec 2 "Keyboard shortcuts"); absent when the command has none. */
  key?: (event: KeyPress) => boolean;
  enabled(ctx: CommandContext): boolean;
  perform(ctx: CommandContext, actions: SlideActions): void;
}

const free = (ctx: CommandContext) => ctx.targets.filter((s) => !ctx.busy.has(s.id));
const turnable = (ctx: CommandContext) => free(ctx).filter((s) => !s.isText).map((s) => s.id);
const photos = (ctx: CommandContext) => ctx.targets.filter(isPhoto);

/** Un-enhance is offered only when every selected photo is already enhanced. */
export const allEnhanced = (ctx: CommandContext): boolean => photos(ctx).length > 0 && photos(ctx).every((s) => s.enhance);

function rotation(name: 'rotateLeft' | 'rotateRight', label: string, degrees: number, keys: string[]): SlideCommand {
  return {
    name,
    label,
    key: (e) => keys.includes(e.key),
    enabled: (ctx) => turnable(ctx).length > 0,
    perform: (ctx, actions) => {
      const ids = turnable(ctx);
      if (ids.length) actions.rotate(ids, degrees);
    },
  };
}

function enhancing(name: 'enhance' | 'unenhance', label: string, value: boolean): SlideCommand {
  return {
    name,
    label,
    enabled: (ctx) => free(ctx).some(isPhoto),
    perform: (ctx, actions) => {
      const ids = free(ctx).filter((s) => isPhoto(s) && s.enhance !== value).map((s) => s.id);
      if (ids.length) actions.enhance(ids, value);
    },
  };
}

export const COMMANDS: Record<CommandName, SlideCommand> = {
  edit: {
    name: 'edit',
    label: 'Edit',
    enabled: (ctx) => ctx.targets.length === 1,
    perform: (ctx, actions) => {
      if (ctx.targets.length === 1) actions.edit(ctx.targets[0].id);
    },
  },
  delete: {
    name: 'delete',
    label: 'Delete',
    key: (e) => e.key === 'Delete',
    enabled: (ctx) => free(ctx).length > 0,
    perform: (ctx, actions) => {
      const ids = free(ctx).map((s) => s.id);
      if (ids.length) actions.remove(ids);
    },
  },
  rotateLeft: rotation('rotateLeft', 'Rotate Left', -ROTATION_STEP, ['f', '[']),
  rotateRight: rotation('rotateRight', 'Rotate Right', ROTATION_STEP, ['r', ']']),
  duplicate: {
    name: 'duplicate',
    label: 'Duplicate',
    enabled: (ctx) => free(ctx).length > 0,
    perform: (ctx, actions) => {
      const ids = free(ctx).map((s) => s.id);
      if (ids.length) actions.duplicate(ids);
    },
  },
  enhance: enhancing('enhance', 'Enhance', true),
  unenhance: enhancing('unenhance', 'Un-enhance', false),
};

/** The grid tools column, top to bottom; the enhance slot toggles between Enhance and Un-enhance. */
export function gridToolCommands(ctx: CommandContext): SlideCommand[] {
  const rotate: SlideCommand = { ...COMMANDS.rotateRight, label: 'Rotate' };
  return [COMMANDS.edit, COMMANDS.delete, rotate, COMMANDS.duplicate, allEnhanced(ctx) ? COMMANDS.unenhance : COMMANDS.enhance];
}

/** Tools inside a tile: rotation is not offered for text slides. */
export function tileToolCommands(slide: CommandSlide): SlideCommand[] {
  return slide.isText ? [COMMANDS.edit, COMMANDS.delete] : [COMMANDS.rotateLeft, COMMANDS.rotateRight, COMMANDS.edit, COMMANDS.delete];
}

/** The slide view shortcut a key press stands for, if any. */
export function commandForKey(event: KeyPress): SlideCommand | undefined {
  return [COMMANDS.rotateRight, COMMANDS.rotateLeft, COMMANDS.delete].find((c) => c.key?.(event));
}
