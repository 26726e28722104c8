import { Component, type ReactNode } from "react";
import { ErrorState } from "@/components/ui/page-states";

type Props = {
  /** The page's address: a new one clears a failure, as a new page may well load. */
  location: string;
  /** Before the page is rendered again: forget what failed (a page's download), so it is retried. */
  onRetry: () => void;
  children: ReactNode;
};

type State = { error: unknown; failed: boolean };

/**
 * A page that cannot be shown (most often its code could not be downloaded: offline, or the
 * server away) gets a message and "Try again" inside the site's header and footer, never a blank
 * screen. After Try again, focus goes to the main content, where the page (or the message) is.
 */
export class PageErrorBoundary extends Component<Props, State> {
  state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  componentDidCatch(error: unknown): void {
    console.error("A page could not be shown", error);
  }

  componentDidUpdate(previous: Props): void {
    if (this.state.failed && previous.location !== this.props.location) this.reset();
  }

  reset(): void {
    this.props.onRetry();
    this.setState({ error: null, failed: false });
  }

  retry = (): void => {
    this.reset();
    document.getElementById("main-content")?.focus({ preventScroll: true });
  };

  render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorState
        error={this.state.error}
        onRetry={this.retry}
        title="This page could not be loaded"
        headingLevel={1}
      />
    );
  }
}
