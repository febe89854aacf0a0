// Test mock of cpprestsdk's pplx::task<T> (<pplx/pplxtasks.h>): declarations only, except the
// templates taking a callable, which need (empty) bodies because lambda types have no linkage.
#pragma once

#include <iterator>
#include <type_traits>
#include <utility>
#include <vector>

namespace pplx {

template <typename ResultType> class task;

namespace details {
  template <typename R> struct unwrap_task { using type = R; };
  template <typename R> struct unwrap_task<task<R>> { using type = R; };

  // A continuation takes either the antecedent's value or the antecedent task itself.
  template <typename F, typename T, typename = void> struct then_result {
    using type = std::invoke_result_t<F, task<T>>;
  };
  template <typename F, typename T>
  struct then_result<F, T, std::enable_if_t<!std::is_void<T>::value && std::is_invocable<F, T>::value>> {
    using type = std::invoke_result_t<F, T>;
  };
  template <typename F>
  struct then_result<F, void, std::enable_if_t<std::is_invocable<F>::value>> {
    using type = std::invoke_result_t<F>;
  };

  template <typename T> struct when_all_result { using type = std::vector<T>; };
  template <> struct when_all_result<void> { using type = void; };
} // namespace details

/// An asynchronous result.
template <typename ResultType> class task {
public:
  typedef ResultType result_type;

  task();
  template <typename Function> explicit task(Function) {}

  ResultType get() const;
  void wait() const;
  bool is_done() const;

  template <typename Function>
  task<typename details::unwrap_task<typename details::then_result<Function, ResultType>::type>::type>
  then(Function&&) const {
    return {};
  }

  bool operator==(task const& other) const;
  bool operator!=(task const& other) const;
};

template <typename Function>
task<typename details::unwrap_task<std::invoke_result_t<Function>>::type> create_task(Function) {
  return {};
}

template <typename T> task<T> task_from_result(T value);
task<void> task_from_result();

template <typename Iterator>
task<typename details::when_all_result<
    typename std::iterator_traits<Iterator>::value_type::result_type>::type>
when_all(Iterator begin, Iterator end);

template <typename Iterator> task<void> when_any(Iterator begin, Iterator end);

} // namespace pplx
