/** Small interface glyphs drawn inline (decorative: the control next to them always has a text name). */

export function TrophyIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 fill-current">
      <path d="M17 4V2H7v2H3v3a4 4 0 0 0 4 4h.3A5 5 0 0 0 11 13.9V17H8v3h8v-3h-3v-3.1a5 5 0 0 0 3.7-2.9h.3a4 4 0 0 0 4-4V4h-4zM5 7V6h2v3a2 2 0 0 1-2-2zm14 0a2 2 0 0 1-2 2V6h2v1z" />
    </svg>
  );
}

export function SwapIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
      <path d="M7 7h11l-3-3 1.4-1.4L22 8l-5.6 5.4L15 12l3-3H7V7zm10 10H6l3 3-1.4 1.4L2 16l5.6-5.4L9 12l-3 3h11v2z" />
    </svg>
  );
}

export function TrashIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
      <path d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h1.5v-8H10zm3.5 0v8H15v-8h-1.5z" />
    </svg>
  );
}

export function ShovelIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
      <path d="M20.7 3.3a1 1 0 0 0-1.4 0l-2.6 2.6-.7-.7a1 1 0 0 0-1.4 1.4l.7.7-4.9 4.9-1.2-1.2a1 1 0 0 0-1.4 0l-4 4a3 3 0 0 0 0 4.2l1.2 1.2a3 3 0 0 0 4.2 0l4-4a1 1 0 0 0 0-1.4l-1.2-1.2 4.9-4.9.7.7a1 1 0 0 0 1.4-1.4l-.7-.7 2.6-2.6a1 1 0 0 0 0-1.4z" />
    </svg>
  );
}
