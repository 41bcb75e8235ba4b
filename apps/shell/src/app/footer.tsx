export { Footer } from './footer/footer';
