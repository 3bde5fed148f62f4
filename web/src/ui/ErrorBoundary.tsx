/** A screen that throws shows what happened and a way back, instead of a blank page. */
import { Component, type ReactNode } from 'react';

export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (this.state.error) {
      return (
        <div className="notice notice-error" role="alert">
          <strong>This screen failed: </strong>
          {this.state.error.message}. Reload the page; if it happens again, the browser console has the details.
        </div>
      );
    }
    return this.props.children;
  }
}
