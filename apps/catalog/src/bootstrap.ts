const note = document.getElementById('root');
if (note) {
  note.textContent = 'This is the catalog remote. Its pages render inside the shell: run "npm run dev -- catalog" and open the shell URL it prints.';
}
export {};
