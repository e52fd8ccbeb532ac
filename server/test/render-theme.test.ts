import assert from 'node:assert/strict';
import { CUSTOM_THEME_BASE_ID } from '../../common/custom-theme.ts';
import { HD } from '../src/render/compile/profiles.ts';
import { renderPlan, type RenderPlan } from '../src/render/compile/render-plan.ts';
import { planFont } from '../src/render/plan/fonts.ts';
import { buildTimeline } from '../src/render/plan/timeline.ts';
import { renderInputRepository } from '../src/repositories/render-input.repository.ts';
import { themeRepository } from '../src/repositories/theme.repository.ts';
import type { VideoRow } from '../src/repositories/video.repository.ts';
import { themeRow } from '../src/seed/themes.ts';
import type { CustomThemeDesign } from '../src/services/custom-theme-design.ts';
import { renderInputService } from '../src/services/render-input.service.ts';
import { renderThemeService } from '../src/services/render-theme.service.ts';
import { THEMES } from '../src/themes/catalogue.ts';
import { FONTS } from '../src/themes/fonts.ts';
import { makeVideo, startHarness, type Harness } from './harness.ts';
import { addPhoto } from './render-helpers.ts';
import { itemSegments } from '../src/render/plan/types.ts';

/** Planning of a video on the Custom Theme Base, whose look comes from its custom_themes record. */
describe('render plan of a custom theme', function () {
  this.timeout(60_000);
  let h: Harness;
  let video: VideoRow;
  let org: number;

  const base = THEMES.find((t) => t.id === CUSTOM_THEME_BASE_ID)!;
  const design: CustomThemeDesign = {
    intro_enabled: false,
    intro_image: null,
    background_mode: 'colour',
    background_colour: '#224466',
    background_image: null,
    title_font: 'dancing-script-bold',
    title_colour: '#ffcc00',
    caption_font: 'libertine-italic',
  };

  /** The plan the HD render would make, without waiting for theme pictures (planning only). */
  async function planOf(values: Partial<CustomThemeDesign>): Promise<RenderPlan> {
    const [custom] = await h.deps.db('custom_themes')
      .insert({ theme_id: CUSTOM_THEME_BASE_ID, organization_id: org, title: 'Ours', design: JSON.stringify({ ...design, ...values }) })
      .returning<{ id: number }[]>('id');
    await h.deps.db('videos').where({ id: video.id }).update({ theme_id: CUSTOM_THEME_BASE_ID, custom_theme_id: custom.id });
    const row = (await h.deps.repos.videos.findById(video.id))!;
    const inputs = renderInputRepository(h.deps.db);
    const themes = renderThemeService(inputs);
    const loaded = await renderInputService({ inputs, slides: h.deps.repos.slides, theme: (v) => themes.forVideo(v), clipHasAudio: async () => false }).load(row);
    assert.equal(loaded.pending, null);
    return renderPlan(buildTimeline(loaded.input), HD, loaded.art);
  }

  before(async () => {
    h = await startHarness();
    await themeRepository(h.deps.db).upsert([themeRow(base)]);
    org = (await h.deps.db('organizations').insert({ organization_name: 'Custom Theme Org' }).returning('id'))[0].id as number;
    video = await makeVideo(h.deps, { organization_id: org, title: 'Walter Brooks', automatic_timing: false, slide_time: 3 } as Partial<VideoRow> & { organization_id: number });
    await addPhoto(h.deps, video, 1200, 800, { slide_caption: 'At the harbour' });
    await addPhoto(h.deps, video, 800, 1200);
  });

  after(async () => {
    await h?.close();
  });

  it('has no intro when the intro is off, and takes the background colour and the title font and colour', async () => {
    const plan = await planOf({});
    const kinds = itemSegments(plan.timeline).map((s) => s.visual.kind);
    assert.deepEqual(kinds, ['photo', 'photo', 'outro']);
    assert.deepEqual(plan.art, { ...plan.art, background: null, colour: '#224466' });
    const outro = itemSegments(plan.timeline)[2].visual;
    assert.deepEqual(outro.background, { kind: 'theme' }, 'the outro shows the theme background: here the colour');
    assert.equal(outro.lines[0]?.text, 'Walter Brooks');
    assert.deepEqual([outro.lines[0]?.font, outro.lines[0]?.colour], [planFont(FONTS['dancing-script-bold']), '#ffcc00']);
    const caption = itemSegments(plan.timeline)[0].visual.caption;
    assert.deepEqual([caption?.text, caption?.font], ['At the harbour', planFont(FONTS['libertine-italic'])]);
  });

  it('opens on the custom intro picture with the title in its font and colour, and uses a background picture', async () => {
    const plan = await planOf({ intro_enabled: true, intro_image: 'custom-themes/1/intro.jpg', background_mode: 'image', background_image: 'custom-themes/1/background.jpg' });
    assert.deepEqual(itemSegments(plan.timeline).map((s) => s.visual.kind), ['intro', 'photo', 'photo', 'outro']);
    assert.equal(plan.art.introScene, 'custom-themes/1/intro.jpg');
    assert.equal(plan.art.background, 'custom-themes/1/background.jpg');
    const title = itemSegments(plan.timeline)[0].visual.lines[0];
    assert.deepEqual([title?.text, title?.font, title?.colour], ['Walter Brooks', planFont(FONTS['dancing-script-bold']), '#ffcc00']);
  });

  it('renders different segments when the custom theme changes', async () => {
    const blue = await planOf({});
    const green = await planOf({ background_colour: '#2f5d3a' });
    const yellow = await planOf({ title_colour: '#ffff00' });
    assert.notEqual(blue.hash, green.hash);
    assert.notEqual(blue.hash, yellow.hash);
    assert.notEqual(green.hash, yellow.hash);
  });
});
