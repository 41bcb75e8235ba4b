export { SearchForm, sanitizeSearch } from './search/search-box';
