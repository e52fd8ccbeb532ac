export { SlideView } from './SlideView.tsx';
