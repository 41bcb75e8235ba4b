const note = document.getElementById('root');
if (note) {
  note.textContent =
    'This is the cart-checkout remote. Its pages render inside the shell: run "npm run dev -- cart-checkout" and open the shell URL it prints.';
}
export {};
