/** The phone header's icons: decorative (the button around each carries the name). */
function Icon({ d }: { d: string }) {
  return (
    <svg className="shell-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export const MenuIcon = () => <Icon d="M4 6h16M4 12h16M4 18h16" />;
export const SearchIcon = () => <Icon d="M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM15.5 15.5 20 20" />;
export const UserIcon = () => <Icon d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20a7.5 7.5 0 0 1 15 0" />;
export const HeartIcon = () => (
  <Icon d="M12 20s-7-4.3-8.9-8.6C1.7 8.2 3.6 4.6 7 4.6c2 0 3.3 1.1 5 2.9 1.7-1.8 3-2.9 5-2.9 3.4 0 5.3 3.6 3.9 6.8C19 15.7 12 20 12 20z" />
);
export const BagIcon = () => <Icon d="M5 8h14l-1.2 12H6.2L5 8zM9 8V6.5a3 3 0 0 1 6 0V8" />;
export const ChatIcon = () => <Icon d="M4 5.5h16v10H9.5L5 19.5v-4H4z" />;
