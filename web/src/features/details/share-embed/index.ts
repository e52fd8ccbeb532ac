export { ShareEmbedTab } from './ShareEmbedTab.tsx';
export { RESPONSIVE_EMBED_KEY } from './EmbedCode.tsx';
