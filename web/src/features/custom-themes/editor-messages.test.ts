import assert from 'node:assert/strict';
import { editorPath, isEditorMessage } from './editor-messages.ts';

describe('custom theme editor messages', () => {
  it('accepts only the editor height message', () => {
    assert.equal(isEditorMessage({ type: 'custom-theme-editor', height: 640, introMissing: false }), true);
    assert.equal(isEditorMessage({ type: 'custom-theme-editor', height: '640', introMissing: false }), false);
    assert.equal(isEditorMessage({ type: 'other', height: 1, introMissing: true }), false);
    assert.equal(isEditorMessage(null), false);
  });

  it('builds the editor address of spec 1, section 2.3', () => {
    assert.equal(editorPath(12, 34, 5), '/custom_themes/12/edit/34/5');
  });
});
