export { SlideView, type SlideViewNavigation } from './SlideView.tsx';
