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

if (hasFirstScreen()) {
  // The server's first screen is painted before the app's first render runs (decision 049): a
  // frame, then a task, so a slow phone shows the posts instead of working on React first.
  // A tab opened in the background paints no frame: the timer starts the app there.
  releaseFirstScreenLater();
  let isStarted = false;
  const start = () => {
    if (!isStarted) render(root);
    isStarted = true;
  };
  requestAnimationFrame(() => setTimeout(start));
  setTimeout(start, 500);
} else {
  render(root);
}
