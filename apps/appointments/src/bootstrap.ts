const note = document.getElementById('root');
if (note) {
  note.textContent = 'This is the appointments remote. Its pages render inside the shell: run "npm run dev -- appointments" and open the shell URL it prints.';
}
export {};
