export { Header } from './header/header';
