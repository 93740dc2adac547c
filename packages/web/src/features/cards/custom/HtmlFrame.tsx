/**
 * An html card's document in a sandboxed frame. `allow-scripts` without `allow-same-origin` gives the document an
 * opaque origin: its scripts run, but cannot read or change the app (window.parent's document, storage, cookies),
 * navigate the top window, open pop-ups or submit forms. The frame never gets the app's origin.
 */
export const HTML_SANDBOX = 'allow-scripts';

interface Props {
  html: string;
  title: string;
}

export function HtmlFrame({ html, title }: Props) {
  return (
    <iframe
      title={title}
      sandbox={HTML_SANDBOX}
      srcDoc={html}
      referrerPolicy="no-referrer"
      style={{ border: 0, width: '100%', height: '100%', display: 'block', background: 'white' }}
    />
  );
}
