import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { showToast } from '../lib/toast-store'
import { Toaster } from './toaster'

describe('Toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const show = (message: string) => act(() => void showToast(message))
  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms))

  it('closes a toast after 5000 ms', () => {
    render(<Toaster />)
    show('Password is wrong!')
    expect(screen.getByRole('alert')).toHaveTextContent('Password is wrong!')
    advance(4999)
    expect(screen.getByRole('alert')).toBeInTheDocument()
    advance(1)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('stays while hovered and goes on from where it stopped', () => {
    render(<Toaster />)
    show('Password is wrong!')
    advance(3000)
    fireEvent.mouseEnter(screen.getByRole('alert'))
    advance(60_000)
    expect(screen.getByRole('alert')).toBeInTheDocument()
    fireEvent.mouseLeave(screen.getByRole('alert'))
    advance(1999)
    expect(screen.getByRole('alert')).toBeInTheDocument()
    advance(1)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('pauses while the window has lost focus', () => {
    render(<Toaster />)
    show('Failed to Sign out')
    advance(1000)
    act(() => void window.dispatchEvent(new Event('blur')))
    advance(30_000)
    expect(screen.getByRole('alert')).toBeInTheDocument()
    act(() => void window.dispatchEvent(new Event('focus')))
    advance(4000)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('closes on its close button, and announces success politely', () => {
    render(<Toaster />)
    act(() => void showToast('Profile updated', { kind: 'success' }))
    expect(screen.getByRole('status')).toHaveTextContent('Profile updated')
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })
})
