export { setAlertHandler, showAlert } from './alerts.ts';
export { camelize, snakify } from './case.ts';
export { getSecurityHash, getLiveSocketId, LIVE_SOCKET_HEADER, setLiveSocketId, setSecurityHash } from './context.ts';
export { getJson, sendFile, sendForm, sendJson, ServerProblem, withQuery, withSecurityHash } from './http.ts';
export { ME_KEY, useMe, type CurrentUser, type Me } from './session.ts';
export type { Camelized } from './types.ts';
export { CLIENT_BROADCAST_KEY, NAVBAR_KEY, useClientBroadcast, useNavbar, type ClientBroadcast, type Navbar } from './navbar.ts';
export { deleteVideo, useVideoList, VIDEO_LIST_KEY, type OrganizationName, type VideoList, type VideoListItem } from './videos.ts';
export { fetchDashboard, type Dashboard, type DashboardQuery, type Order, type OrderDetail } from './dashboard.ts';
export {
  addSampleSlides,
  deleteSlides,
  duplicateSlides,
  enhanceSlides,
  fetchProcessing,
  fetchSlideList,
  originalDownloadUrl,
  reorderSlides,
  rotateSlides,
  saveSlide,
  slideListKey,
  undeleteSlides,
  zipDownloadUrl,
  type Slide,
  type SlideList,
  type SlideListMeta,
  type VideoRef,
} from './slides.ts';
export {
  clearKenBurns,
  cropSlide,
  fetchSlideFonts,
  fetchSlideInspection,
  fetchSlideVideo,
  previewKenBurns,
  replaceSlideImage,
  revertSlide,
  saveKenBurns,
  slideFontUrl,
  type CropRect,
  type SlideInspection,
} from './slide-editor.ts';
export {
  attachStockSongs,
  deleteSong,
  favoriteStockSong,
  fetchSongList,
  fetchStockList,
  reorderSongs,
  saveSongOptions,
  STOCK_LIST_KEY,
  updateTiming,
  uploadSong,
  type SongList,
  type SongOptions,
  type StockCategory,
  type StockList,
  type StockSong,
  type Timing,
  type UploadedSong,
  type VideoSong,
} from './songs.ts';
export {
  createVideo,
  creatorVideoKey,
  makeVideoEditable,
  readCreatorVideo,
  updateVideo,
  useCreatorVideo,
  useSetupOptions,
  type CreatorVideo,
  type SetupOrganization,
  type VideoSetupInput,
} from './creator.ts';
export { setThemeFavorite, themeListKey, useThemeList, type ThemeList, type ThemeTile } from './theme-picker.ts';
export {
  changeCustomTheme,
  createCustomTheme,
  customThemeKey,
  deleteCustomTheme,
  fetchCustomTheme,
  uploadCustomThemePicture,
  type CustomTheme,
  type CustomThemeChange,
  type CustomThemeDesign,
  type CustomThemeReply,
  type FontChoice,
  type PictureSlot,
} from './custom-themes.ts';
