import { FOOTER } from '@campus/shared/layout';
import { Link } from 'react-router';

/** spec 1 §1: the footer credits the company with a 2025 copyright line. */
export function Footer() {
  return (
    <footer className="site-footer">
      <nav aria-label="About Campus Buy / Sell" className="site-footer__links">
        <Link to="/settings/about">About</Link>
        <Link to="/settings/howitworks">How It Works</Link>
        <Link to="/settings/terms">Terms</Link>
        <Link to="/settings/privacy">Privacy</Link>
        <Link to="/settings/help">Help</Link>
      </nav>
      <p>
        © {FOOTER.copyrightYear} {FOOTER.company}
      </p>
    </footer>
  );
}
