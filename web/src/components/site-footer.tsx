import './site-footer.css';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p>© {new Date().getFullYear()} Retouch Studio</p>
        <p>Photo editing and retouching services</p>
      </div>
    </footer>
  );
}
