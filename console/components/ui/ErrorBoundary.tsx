import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './Button.tsx';

interface State {
  error: Error | null;
}

/**
 * Keeps one broken screen (or a chunk that failed to load) from blanking the whole console.
 * Key it by the path so another page starts fresh.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A screen failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="ls-card" role="alert">
        <h1 className="ls-error__title">This page could not be shown</h1>
        <p className="ls-muted">{this.state.error.message || 'An unexpected error occurred.'}</p>
        <Button variant="primary" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </div>
    );
  }
}
