// A remote is reached through its container (remoteEntry); this entry only exists so the
// remote can be opened alone in development, where it points to the shell.
import('./bootstrap');
