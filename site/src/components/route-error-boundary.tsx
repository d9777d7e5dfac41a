import { Component, type ReactNode } from 'react'
import { getErrorMessage } from '../lib/get-error-message'
import { BlankLayout } from './blank-layout'
import { ErrorScreen } from './error-screen'

type Props = { children: ReactNode; inLayout?: boolean }
type State = { error: unknown; failed: boolean }

/**
 * RouteErrorBoundary catches what a screen throws and shows the generic error
 * screen. Inside the app layout (inLayout) the header and navigation stay; at
 * the root, where the layout itself may have failed, it uses the blank layout.
 * The layout keys it by path, so moving to another page starts afresh.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, failed: false }

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true }
  }

  override componentDidCatch(error: unknown) {
    // The screen stays generic for visitors; the console keeps the details for whoever reports it.
    console.error(error)
  }

  override render() {
    if (!this.state.failed) return this.props.children
    const screen = <ErrorScreen detail={getErrorMessage(this.state.error)} />
    return this.props.inLayout ? screen : <BlankLayout>{screen}</BlankLayout>
  }
}
