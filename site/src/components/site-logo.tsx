/** SiteLogo is the leaf mark next to the site name; decorative. */
export function SiteLogo({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2c.6 2.9.6 5.6 0 8.2 1.6-2.3 3.8-4 6.6-5-1 2.8-2.7 5-5 6.6 2.6-.6 5.3-.6 8.2 0-2.9 1.2-5.6 1.6-8.2 1.1l4.6 4.6c-2.3-.4-4.3-1.5-5.9-3.2L12 22l-.3-7.7c-1.6 1.7-3.6 2.8-5.9 3.2l4.6-4.6c-2.6.5-5.3.1-8.2-1.1 2.9-.6 5.6-.6 8.2 0-2.3-1.6-4-3.8-5-6.6 2.8 1 5 2.7 6.6 5-.6-2.6-.6-5.3 0-8.2Z"
      />
    </svg>
  )
}
