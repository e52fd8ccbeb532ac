import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { App } from './app/App.tsx';
import { createStyleCache } from './app/style-cache.ts';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <CacheProvider value={createStyleCache()}>
      <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>
        <App />
      </SWRConfig>
    </CacheProvider>
  </StrictMode>,
);
