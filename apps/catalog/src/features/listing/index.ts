// What other features use of the listing: the product card (the home page's carousels).
export { ProductCard } from './components/ProductCard';
