import { Link } from "@remix-run/react";

export function SiteFooter({ signedIn, appVersion }: { signedIn: boolean; appVersion: string }) {
  return (
    <footer className="site-footer">
      <div className="container">
        <nav aria-label="Footer">
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
            {signedIn ? (
              <>
                <li>
                  <Link to="/faq">FAQs</Link>
                </li>
                <li>
                  <Link to="/glossary">Glossary</Link>
                </li>
                <li>
                  <Link to="/imagingdiagnostics">Imaging and diagnostics</Link>
                </li>
              </>
            ) : null}
          </ul>
        </nav>
        <p className="recruitment">
          We are recruiting medical reviewers: practising doctors with 5 or more years of
          experience. <Link to="/contact">Contact us</Link> to join the review panel.
        </p>
        {appVersion ? <p className="version">Version {appVersion}</p> : null}
      </div>
    </footer>
  );
}
