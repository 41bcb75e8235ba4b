const note = document.getElementById('root');
if (note) {
  note.textContent = 'This is the account remote. Its pages render inside the shell: run "npm run dev -- account" and open the shell URL it prints.';
}
export {};
