import { Component, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/**
 * Wraps every island in the browser: a crash shows "This page crashed" with the error and its
 * causes, and "Try again" renders the island afresh.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const causes: string[] = [];
    for (let cause = (error as Error & { cause?: unknown }).cause; cause instanceof Error; cause = (cause as Error & { cause?: unknown }).cause) causes.push(cause.message);
    return (
      <div className="error-boundary" role="alert">
        <p className="error-boundary-title">This page crashed</p>
        <p className="error-boundary-message">{error.message}</p>
        {causes.map((c) => (
          <p key={c} className="error-boundary-cause">Cause: {c}</p>
        ))}
        <button type="button" className="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}
