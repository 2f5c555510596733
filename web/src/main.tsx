import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { hasFirstScreen, releaseFirstScreenLater } from './lib/first-screen.ts';
import './styles/base.css';
import './styles/shell.css';
import './styles/components.css';
import './styles/feed.css';
import './styles/forms.css';
import './styles/settings.css';
import './styles/info-pages.css';
import './styles/composer.css';
import './styles/profile.css';
import './styles/media.css';
import './styles/about.css';
import './styles/sync.css';
import './styles/messages.css';
import './styles/share.css';
import './styles/menus.css';
import './styles/screen-header.css';
import './styles/category-picker.css';
import './styles/school-finder.css';
import './styles/search.css';
import './styles/boosts.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
function render(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// Where the server wrote the first screen (decision 049), web/public/first-screen-start.js imports
// this file only after that screen is painted; the app renders underneath and removes it.
if (hasFirstScreen()) releaseFirstScreenLater();
render(root);
