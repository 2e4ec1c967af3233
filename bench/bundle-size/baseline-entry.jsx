// Baseline: React + react-dom + react-router-dom + RTK Query (with react-redux) bundled alone.
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, Link } from 'react-router-dom';
import { configureStore } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { Provider } from 'react-redux';

const api = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: '/api' }),
  endpoints: (build) => ({ meta: build.query({ query: () => '/meta' }) }),
});
const store = configureStore({
  reducer: { [api.reducerPath]: api.reducer },
  middleware: (d) => d().concat(api.middleware),
});
function Home() {
  const { data } = api.useMetaQuery();
  return <Link to="/">{String(data)}</Link>;
}
const router = createBrowserRouter([{ path: '/', element: <Home /> }]);
createRoot(document.getElementById('root')).render(
  <Provider store={store}>
    <RouterProvider router={router} />
  </Provider>,
);
