import assert from 'node:assert/strict';
import { COMMANDS, commandForKey, gridToolCommands, tileToolCommands, type CommandContext, type SlideActions } from './commands.ts';

const photo = (id: number, enhance = false) => ({ id, isText: false, isVideo: false, enhance });
const text = (id: number) => ({ id, isText: true, isVideo: false, enhance: false });
const clip = (id: number) => ({ id, isText: false, isVideo: true, enhance: false });
const ctx = (targets: CommandContext['targets'], busy: number[] = []): CommandContext => ({ targets, busy: new Set(busy) });

function recorder() {
  const calls: unknown[][] = [];
  const actions: SlideActions = {
    edit: (id) => calls.push(['edit', id]),
    remove: (ids) => calls.push(['remove', ids]),
    rotate: (ids, d) => calls.push(['rotate', ids, d]),
    duplicate: (ids) => calls.push(['duplicate', ids]),
    enhance: (ids, v) => calls.push(['enhance', ids, v]),
  };
  return { calls, actions };
}

describe('slide commands', () => {
  it('disables every grid tool with no selection', () => {
    for (const c of gridToolCommands(ctx([]))) assert.equal(c.enabled(ctx([])), false, c.name);
  });

  it('enables Edit only with exactly one slide selected', () => {
    assert.equal(COMMANDS.edit.enabled(ctx([photo(1)])), true);
    assert.equal(COMMANDS.edit.enabled(ctx([photo(1), photo(2)])), false);
  });

  it('rotates only non-text slides and needs one', () => {
    assert.equal(COMMANDS.rotateRight.enabled(ctx([text(1)])), false);
    const { calls, actions } = recorder();
    COMMANDS.rotateRight.perform(ctx([text(1), photo(2), clip(3)]), actions);
    COMMANDS.rotateLeft.perform(ctx([photo(2)]), actions);
    assert.deepEqual(calls, [
      ['rotate', [2, 3], 90],
      ['rotate', [2], -90],
    ]);
  });

  it('skips busy slides when deleting, duplicating or rotating', () => {
    const { calls, actions } = recorder();
    const c = ctx([photo(1), photo(2)], [1]);
    COMMANDS.delete.perform(c, actions);
    COMMANDS.duplicate.perform(c, actions);
    COMMANDS.rotateRight.perform(c, actions);
    assert.deepEqual(calls, [
      ['remove', [2]],
      ['duplicate', [2]],
      ['rotate', [2], 90],
    ]);
    assert.equal(COMMANDS.delete.enabled(ctx([photo(1)], [1])), false);
  });

  it('offers Un-enhance only when every selected photo is enhanced, and enhances photos only', () => {
    assert.equal(gridToolCommands(ctx([photo(1, true), text(2)]))[4].name, 'unenhance');
    assert.equal(gridToolCommands(ctx([photo(1, true), photo(2)]))[4].name, 'enhance');
    assert.equal(gridToolCommands(ctx([text(2)]))[4].enabled(ctx([text(2)])), false);
    const { calls, actions } = recorder();
    COMMANDS.enhance.perform(ctx([photo(1, true), photo(2), clip(3), text(4)]), actions);
    COMMANDS.unenhance.perform(ctx([photo(1, true), clip(3)]), actions);
    assert.deepEqual(calls, [
      ['enhance', [2], true],
      ['enhance', [1], false],
    ]);
  });

  it('labels the grid rotate tool Rotate and gives text tiles no rotation tools', () => {
    assert.deepEqual(gridToolCommands(ctx([photo(1)])).map((c) => c.label), ['Edit', 'Delete', 'Rotate', 'Duplicate', 'Enhance']);
    assert.deepEqual(tileToolCommands(photo(1)).map((c) => c.label), ['Rotate Left', 'Rotate Right', 'Edit', 'Delete']);
    assert.deepEqual(tileToolCommands(text(1)).map((c) => c.label), ['Edit', 'Delete']);
  });

  it('maps the slide view keys r, ], f, [ and Delete', () => {
    assert.deepEqual(['r', ']', 'f', '[', 'Delete', 'x'].map((key) => commandForKey({ key })?.name), ['rotateRight', 'rotateRight', 'rotateLeft', 'rotateLeft', 'delete', undefined]);
  });
});
