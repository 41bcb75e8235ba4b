const note = document.getElementById('root');
if (note) {
  note.textContent = 'This is the product remote. Its pages render inside the shell: run "npm run dev -- product" and open the shell URL it prints.';
}
export {};
