import { createContext, useContext } from 'react';
import type { CreatorState } from './useCreator.ts';

export const CreatorContext = createContext<CreatorState | null>(null);

/** The creator state of the surrounding CreatorFrame. */
export function useCreatorContext(): CreatorState {
  const state = useContext(CreatorContext);
  if (!state) throw new Error('useCreatorContext needs a CreatorFrame around it.');
  return state;
}
