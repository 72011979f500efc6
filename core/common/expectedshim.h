#pragma once

// clang 14 (the Debian clang that libFuzzer comes with) cannot compile libstdc++ 12's
// std::expected (it needs conditionally trivial destructors, P0848), so fuzz builds with it use
// this minimal stand-in for the part of std::expected the code uses. Never in normal builds:
// result.h takes it only with SANDBENCH_EXPECTED_SHIM, which tests/fuzz sets.

#include <type_traits>
#include <utility>
#include <variant>

namespace std {

template<class E>
class unexpected
{
public:
    template<class Err = E>
        requires(!is_same_v<remove_cvref_t<Err>, unexpected> && is_constructible_v<E, Err>)
    constexpr explicit unexpected(Err &&e) : m_error(std::forward<Err>(e))
    {
    }
    constexpr const E &error() const & { return m_error; }
    constexpr E &error() & { return m_error; }
    constexpr E &&error() && { return std::move(m_error); }

private:
    E m_error;
};

template<class E>
unexpected(E) -> unexpected<E>;

template<class T, class E>
class expected
{
public:
    using value_type = T;
    using error_type = E;

    constexpr expected() : m_v(in_place_index<0>) {}
    template<class U = T>
        requires(!is_same_v<remove_cvref_t<U>, expected> && !is_same_v<remove_cvref_t<U>, unexpected<E>>
                 && is_constructible_v<T, U>)
    constexpr expected(U &&v) : m_v(in_place_index<0>, std::forward<U>(v))
    {
    }
    template<class G>
    constexpr expected(const unexpected<G> &u) : m_v(in_place_index<1>, unexpected<E>(u.error()))
    {
    }
    template<class G>
    constexpr expected(unexpected<G> &&u) : m_v(in_place_index<1>, unexpected<E>(std::move(u).error()))
    {
    }

    constexpr bool has_value() const { return m_v.index() == 0; }
    constexpr explicit operator bool() const { return has_value(); }
    constexpr T &operator*() & { return std::get<0>(m_v); }
    constexpr const T &operator*() const & { return std::get<0>(m_v); }
    constexpr T &&operator*() && { return std::get<0>(std::move(m_v)); }
    constexpr T *operator->() { return &std::get<0>(m_v); }
    constexpr const T *operator->() const { return &std::get<0>(m_v); }
    constexpr T &value() & { return **this; }
    constexpr const T &value() const & { return **this; }
    constexpr const E &error() const & { return std::get<1>(m_v).error(); }
    constexpr E &error() & { return std::get<1>(m_v).error(); }
    template<class U>
    constexpr T value_or(U &&fallback) const & { return has_value() ? **this : static_cast<T>(std::forward<U>(fallback)); }

private:
    variant<T, unexpected<E>> m_v;
};

template<class E>
class expected<void, E>
{
public:
    using value_type = void;
    using error_type = E;

    constexpr expected() = default;
    template<class G>
    constexpr expected(const unexpected<G> &u) : m_v(in_place_index<1>, unexpected<E>(u.error()))
    {
    }
    template<class G>
    constexpr expected(unexpected<G> &&u) : m_v(in_place_index<1>, unexpected<E>(std::move(u).error()))
    {
    }

    constexpr bool has_value() const { return m_v.index() == 0; }
    constexpr explicit operator bool() const { return has_value(); }
    constexpr void operator*() const {}
    constexpr const E &error() const & { return std::get<1>(m_v).error(); }
    constexpr E &error() & { return std::get<1>(m_v).error(); }

private:
    variant<monostate, unexpected<E>> m_v;
};

} // namespace std
