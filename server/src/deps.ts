import { UploadStore } from './repositories/upload-store.repository.ts';
import { themeAssetsService } from './themes/theme-assets.service.ts';
import { themeFilesRepository } from './repositories/theme-files.repository.ts';
import path from 'node:path';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Queue } from './jobs/queue.ts';
import type { Live } from './live/live.ts';
import { activityLogRepository } from './repositories/activity-log.repository.ts';
import { ffmpegRepository } from './repositories/ffmpeg.repository.ts';
import { ffprobeRepository } from './repositories/ffprobe.repository.ts';
import { imageRepository } from './repositories/image.repository.ts';
import { mediaFileRepository } from './repositories/media-file.repository.ts';
import { slideMediaRepository } from './repositories/slide-media.repository.ts';
import { slideFacesRepository } from './repositories/slide-faces.repository.ts';
import { derivedSetRepository } from './repositories/derived-set.repository.ts';
import { brandRepository } from './repositories/brand.repository.ts';
import { organizationRepository } from './repositories/organization.repository.ts';
import { orderRepository } from './repositories/order.repository.ts';
import { outboxRepository } from './repositories/outbox.repository.ts';
import { sessionRepository } from './repositories/session.repository.ts';
import { shareLogRepository } from './repositories/share-log.repository.ts';
import { smtpTransport } from './repositories/smtp.repository.ts';
import { storageRepository } from './repositories/storage.repository.ts';
import { systemSettingRepository } from './repositories/system-setting.repository.ts';
import { userRepository } from './repositories/user.repository.ts';
import { userTokenRepository } from './repositories/user-token.repository.ts';
import { videoListRepository } from './repositories/video-list.repository.ts';
import { videoRepository } from './repositories/video.repository.ts';
import { mailService } from './services/mail.service.ts';
import { slideMediaService } from './services/slide-media.service.ts';
import { renderEngine } from './services/render-engine.service.ts';
import { videoAccessChecker } from './services/video-access.ts';
import { answerVersionRepository } from './repositories/answer-version.repository.ts';
import { answerCache } from './http/cached-answer.ts';
import { lookRepository } from './repositories/look.repository.ts';
import { slideRepository } from './repositories/slide.repository.ts';
import { sampleSlidesService } from './services/sample-slides.service.ts';
import { slideFilesService } from './services/slide-files.service.ts';
import { slideService } from './services/slide.service.ts';
import { uploadService } from './services/upload.service.ts';
import { libraryPreparation } from './services/library-preparation.service.ts';
import { defaultRenderer, stockSongLibraryFor } from './services/stock-song-library.service.ts';
import { themeRepository } from './repositories/theme.repository.ts';
import { offeredDesigns } from './services/theme.service.ts';
import { queueDemoRenders } from './seed/demo-renders.ts';
import { stockClipLibrary } from './services/stock-clip-library.service.ts';
import { dvdService, organizationStandard } from './dvd/dvd.service.ts';
import { inStage } from './repositories/cpu-account.ts';

/** Everything a router needs, built once per process. Services take only the repositories they use. */
export function createDeps(config: Config, db: Db, queue?: Queue) {
  const repos = {
    users: userRepository(db),
    sessions: sessionRepository(db, config.sessionSecret),
    videos: videoRepository(db),
    outbox: outboxRepository(db),
    storage: storageRepository(config.dataDir, config.storage),
    userTokens: userTokenRepository(db, config.sessionSecret),
    orders: orderRepository(db),
    systemSettings: systemSettingRepository(db),
    videoList: videoListRepository(db),
    organizations: organizationRepository(db),
    brands: brandRepository(db),
    activityLogs: activityLogRepository(db),
    slides: slideRepository(db),
    looks: lookRepository(db),
    shareLogs: shareLogRepository(db),
  };
  const mediaFiles = mediaFileRepository(repos.storage);
  const images = imageRepository(mediaFiles);
  const fromAddress = `no-reply@${new URL(config.publicUrl).hostname}`;
  const deps = {
    config,
    db,
    queue,
    repos,
    access: videoAccessChecker(repos.videos),
    /** The big read answers, made once per change of what they are made of (http/cached-answer.ts). */
    answers: answerCache(answerVersionRepository(db), { maxBytes: 64 * 1024 * 1024 }),
    mail: mailService(repos.outbox, queue, smtpTransport(config.smtpUrl, fromAddress)),
    /** Set once the HTTP server is listening; tests without sockets leave it unset. */
    live: undefined as Live | undefined,
    slideMedia: slideMediaService({
      slides: slideMediaRepository(db),
      files: mediaFiles,
      images,
      sets: derivedSetRepository(mediaFiles, images),
      probe: ffprobeRepository(mediaFiles),
      ffmpeg: ffmpegRepository(mediaFiles),
      // live is set once the HTTP server listens, after deps are built: read it when a slide is done.
      notify: (videoId: number): Promise<void> | undefined => deps.live?.notify(videoId, null),
      // Below every photo still waiting for its thumbnail: the same workers take those first.
      later: queue ? (slideId: number) => queue.send('slides.process', { slideId, later: true }, { priority: -1 }) : undefined,
      faces: slideFacesRepository(db).forSlide,
    }),
  };
  const themeAssets = themeAssetsService(themeFilesRepository(repos.storage));
  const uploadDir = path.join(config.dataDir, 'uploads');
  const uploadStore = new UploadStore({ directory: uploadDir });
  const notifyVideo = async (videoId: number, owner: string | null = null): Promise<void> => {
    await deps.live?.notify(videoId, owner);
  };
  const render = renderEngine({
    db,
    files: mediaFiles,
    remove: (key) => repos.storage.removeTree(key),
    videos: repos.videos,
    slides: repos.slides,
    slideMedia: deps.slideMedia,
    ensureThemeArt: (design, parts) => themeAssets.ensure(design, parts),
    send: (name, data, options) => (queue ? queue.send(name, data, options) : Promise.reject(new Error('This process has no job queue.'))),
    // A new installation's library comes first: the watchdog leaves never-rendered videos (the demo's) until it is made.
    holdWaiting: () => library.running(),
    discStandard: organizationStandard(db),
    // The disc is authored from the pieces made with the HD segments as soon as the HD file is published.
    afterHd: (render) => inStage('dvd', () => dvd.afterHd(render)),
  });
  const library = libraryPreparation({
    db,
    songs: stockSongLibraryFor(db, repos.storage, defaultRenderer(), async (videoIds) => {
      for (const id of videoIds) await notifyVideo(id);
    }),
    themeAssets,
    designs: () => offeredDesigns(themeRepository(db)),
    showcase: render.showcase,
    stockClips: stockClipLibrary({ db, storage: repos.storage }),
    whenReady: async () => {
      await queueDemoRenders(db, (videoId) => render.renders.start(videoId));
    },
  });
  const dvd = dvdService({
    videos: repos.videos,
    records: render.records,
    files: mediaFiles,
    standard: organizationStandard(db),
    requestHd: (videoId) => render.renders.requestHd(videoId),
    pieces: (plan) => render.pieces.dvdPieces(plan),
    send: (name, data, options) => (queue ? queue.send(name, data, options) : Promise.reject(new Error('This process has no job queue.'))),
  });
  const slides = slideService({ slides: repos.slides, urls: (row, hash) => deps.slideMedia.slideUrls(row, hash), notify: notifyVideo });
  // The same object: closures above read deps.live, which server.ts sets after the HTTP server listens.
  return Object.assign(deps, {
    slides,
    slideFiles: slideFilesService(repos.slides, repos.storage),
    uploadStore,
    uploads: uploadService({
      db,
      slides: repos.slides,
      storage: repos.storage,
      queue,
      uploadDir,
      removePartial: (tusId) => uploadStore.remove(tusId).catch(() => undefined),
      partialInfo: (tusId) => uploadStore.getUpload(tusId).catch(() => undefined),
      notify: (videoId) => notifyVideo(videoId),
    }),
    samples: sampleSlidesService({ db, slides: repos.slides, storage: repos.storage, media: deps.slideMedia, toWire: slides }),
    themeAssets,
    render,
    /** DVD-Video disc images made from the HD video (server/src/dvd/). */
    dvd,
    /** Stock songs, theme pictures and the pickers' clips, made in the background and on demand. */
    library,
  });
}

export type Deps = ReturnType<typeof createDeps>;
