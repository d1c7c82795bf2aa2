import { Component, useEffect, useRef, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** The document title while an error boundary shows (portal spec: the error fallback is titled 'Page Error'). */
export const ERROR_TITLE = 'Page Error';

/**
 * While any boundary shows an error, the page's own title waits in `<html data-title-before-error>`
 * (the client router updates it there when it swaps in another page under a boundary that still
 * shows, such as the floating Test Card's).
 */
const otherErrors = (own: Element | null) => [...document.querySelectorAll('.error-boundary')].filter((e) => e !== own && e.isConnected);

const FOCUSABLE = 'button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The message shown in place of the crashed part: while it is mounted the document title is
 * 'Page Error' and, on mounting, focus moves to it (so keyboard and screen-reader users learn of it).
 */
function Fallback({ error, island, onRetry }: { error: Error; island?: string; onRetry: (host: Element | null) => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = document.documentElement;
    const own = box.current;
    if (!otherErrors(own).length) root.dataset.titleBeforeError = document.title;
    document.title = ERROR_TITLE;
    own?.focus();
    return () => {
      if (otherErrors(own).length) return;
      if (root.dataset.titleBeforeError !== undefined) document.title = root.dataset.titleBeforeError;
      delete root.dataset.titleBeforeError;
    };
  }, []);
  const causes: string[] = [];
  for (let cause = (error as Error & { cause?: unknown }).cause; cause instanceof Error; cause = (cause as Error & { cause?: unknown }).cause) causes.push(cause.message);
  return (
    <div className="error-boundary" role="alert" tabIndex={-1} ref={box} data-island-error={island}>
      <p className="error-boundary-title">This page crashed</p>
      <p className="error-boundary-message">{error.message}</p>
      {causes.map((c, i) => (
        <p key={i} className="error-boundary-cause">Cause: {c}</p>
      ))}
      <button type="button" className="button" onClick={() => onRetry(box.current?.parentElement ?? null)}>
        Try again
      </button>
    </div>
  );
}

/**
 * Wraps every island in the browser (`island` is its name): a crash shows "This page crashed" with
 * the error and its causes where the island was (a floating island's error floats in its corner,
 * styles.css), and "Try again" renders the island afresh and puts focus back into it.
 */
export class ErrorBoundary extends Component<{ children: ReactNode; island?: string }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  retry = (host: Element | null): void => {
    this.setState({ error: null }, () => {
      const target = host?.querySelector<HTMLElement>(FOCUSABLE);
      if (target) target.focus();
      else document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
    });
  };

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <Fallback error={error} island={this.props.island} onRetry={this.retry} />;
  }
}
