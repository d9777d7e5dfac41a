import { useSyncExternalStore } from 'react'

/** Toast is one message at the bottom right (docs/specification.md §9: closes after 5000 ms). */
export type Toast = {
  id: number
  kind: 'error' | 'success'
  message: string
  /** detail says more under the message; '' for none. */
  detail: string
}

/** TOAST_DURATION_MS is how long a toast stays while the pointer is away and the window has focus. */
export const TOAST_DURATION_MS = 5000

let toasts: readonly Toast[] = []
let nextId = 1
const listeners = new Set<() => void>()
const EMPTY: readonly Toast[] = []

function emit() {
  listeners.forEach((listener) => listener())
}

/** showToast adds a toast and returns its id. */
export function showToast(message: string, { kind = 'error', detail = '' }: { kind?: Toast['kind']; detail?: string } = {}): number {
  const id = nextId++
  toasts = [...toasts, { id, kind, message, detail }]
  emit()
  return id
}

/** dismissToast removes a toast (its timer ran out or it was closed). */
export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id)
  emit()
}

/** clearToasts removes every toast (tests). */
export function clearToasts() {
  toasts = []
  emit()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** useToasts is the toasts on screen, oldest first. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => EMPTY,
  )
}
